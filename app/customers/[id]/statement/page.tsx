import type { Metadata } from "next";
import { Suspense } from "react";
import Link from "@/components/layout/link";
import { StatementBody } from "@/components/statement/statement-body";
import { StatementToolbar } from "@/components/statement/statement-toolbar";
import { RecordLoadError } from "@/components/states/record-load-error";
import { BlankTableSkeleton } from "@/components/states/table-skeleton";
import { requireViewer } from "@/lib/auth/guard";
import { isoDay } from "@/lib/insights/aggregate";
import { insightToday } from "@/lib/insights/today";
import type { PageSearchParams } from "@/lib/lists/url-params";
import { readStatementRequest, statementQuery } from "@/lib/statement/period";
import { readCustomer } from "@/lib/upstream/read-customer";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<PageSearchParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // The title names the customer: only for a signed-in viewer.
  await requireViewer();
  const result = await readCustomer((await params).id);
  return { title: result.ok ? `Statement · ${result.customer.name}` : "Statement" };
}

/**
 * A customer's statement: the record at once, the statement once both of its lists
 * are read (a direct read, lib/statement/read.ts). The URL holds the period and the
 * view; a bad one is named, never a failure.
 */
export default async function StatementPage({ params, searchParams }: Props) {
  await requireViewer();
  const { id } = await params;
  const result = await readCustomer(id);
  if (!result.ok)
    return (
      <main id="main" className="px-4 py-5 sm:px-6 sm:py-6">
        <RecordLoadError
          error={result.error}
          heading="Statement"
          back={{ href: "/customers", label: "Back to customers" }}
        />
      </main>
    );
  const { customer } = result;
  const today = isoDay(insightToday());
  const asked = readStatementRequest(await searchParams, today);
  return (
    <main id="main" className="px-4 py-5 sm:px-6 sm:py-6 print:p-0">
      <nav aria-label="Breadcrumb" className="mb-3 text-sm print:hidden">
        <Link href="/customers" className="text-accent underline">
          Customers
        </Link>
        <span className="text-fg-subtle"> / </span>
        <Link href={`/customers/${customer.id}`} className="text-accent underline">
          {customer.name}
        </Link>
        <span className="text-fg-subtle"> / </span>
        <span aria-current="page">Statement</span>
      </nav>
      {asked.ok ? (
        <>
          <StatementToolbar customerId={customer.id} request={asked.request} today={today} />
          <Suspense
            key={statementQuery(asked.request, today)}
            fallback={<BlankTableSkeleton label="The statement, being read" />}
          >
            <StatementBody customer={customer} request={asked.request} />
          </Suspense>
        </>
      ) : (
        <div
          role="alert"
          className="max-w-2xl rounded-md border border-danger-line bg-danger-soft p-5 text-sm text-danger"
        >
          <h1 className="mb-2 text-lg font-semibold">This statement&apos;s address is not valid</h1>
          <ul className="list-disc pl-5">
            {asked.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
          <p className="mt-3">
            <Link href={`/customers/${customer.id}/statement`} className="underline">
              Open the statement of the last 12 months
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}
