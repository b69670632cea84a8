import { HydrationBoundary } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import type { ListName } from "@/lib/api/client";
import type { FilterField, FilterValues } from "@/lib/lists/define";
import type { PageSearchParams } from "@/lib/lists/url-params";
import { prefetchListPage } from "@/lib/upstream/prefetch";
import { ListPageSkeleton } from "../states/table-skeleton";
import { PageHeader } from "./page-header";

interface ListDefinition<Values extends FilterValues> {
  fields: FilterField[];
  load: (searchParams: PageSearchParams) => Values;
  /** the API query of the view (the list's defaults included), as the browser builds it */
  viewQuery: (values: Values) => string;
}

/**
 * A list page: its header at once, then its view with the first page read on the
 * server into this request's QueryClient and handed to the browser's with
 * HydrationBoundary (TanStack Query's Next.js pattern): the server renders the
 * filters and the first rows, and the view hydrates with the page. The header and a
 * skeleton are sent before the API answers, so following a link to a list shows the
 * page at once. The caller checks the viewer first: a redirect to sign-in must
 * happen before anything is sent.
 */
export function ListPage<Values extends FilterValues>({
  title,
  description,
  list,
  view,
  definition,
  searchParams,
  quickViews,
}: {
  title: string;
  description: string;
  list: ListName;
  /** the list's view (its client component: filters, export, totals and table) */
  view: ReactNode;
  definition: ListDefinition<Values>;
  searchParams: Promise<PageSearchParams>;
  /** links to the list's most used views, above its filters (components/data-table/quick-views.tsx) */
  quickViews?: ReactNode;
}) {
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
      {/* On a phone the list's rows matter more than its one-line summary. */}
      <PageHeader title={title} description={description} describeOnPhone={false} />
      {quickViews}
      <Suspense fallback={<ListPageSkeleton label={title} />}>
        <FirstPage list={list} definition={definition} searchParams={searchParams}>
          {view}
        </FirstPage>
      </Suspense>
    </main>
  );
}

async function FirstPage<Values extends FilterValues>({
  list,
  definition,
  searchParams,
  children,
}: {
  list: ListName;
  definition: ListDefinition<Values>;
  searchParams: Promise<PageSearchParams>;
  children: ReactNode;
}) {
  const values = definition.load(await searchParams);
  const state = await prefetchListPage(
    list,
    definition.viewQuery(values),
    filterCustomerIds(definition.fields, values),
  );
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}

/** The customers a list's filters name (the picker's chips, a customer set by a link). */
function filterCustomerIds(fields: FilterField[], values: FilterValues): string[] {
  return fields.flatMap((field) => {
    const value = "key" in field ? values[field.key] : null;
    if (field.kind === "customers" && Array.isArray(value)) return value as string[];
    if (field.kind === "id" && field.resource === "customer" && typeof value === "string")
      return [value];
    return [];
  });
}
