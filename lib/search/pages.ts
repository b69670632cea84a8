import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  fetchInvoice,
  fetchListPage,
  type InvoiceRecord,
  type ListName,
  type ListRecord,
} from "@/lib/api/client";
import { ApiRequestError } from "@/lib/api/errors";
import { WALK_PAGE_SIZE, type WalkContext } from "@/lib/insights/walker";

/** One page of a walk, with the cursor after it (kept to go on from there later). */
export interface WalkedPage<L extends ListName> {
  rows: ListRecord<L>[];
  /** the cursor to read on from; the one given when the page was empty */
  cursor: string | null;
}

/**
 * A list read page by page from `startingAfter` (an API cursor kept from an earlier
 * walk, or null for the start), 100 rows a page, each page taken from the page
 * budget of the insight walks, yielding to the event loop between pages. The
 * insights' walker folds the rows and forgets the cursor; the search indexes keep
 * the cursor, to go on later from where they stopped.
 */
export async function* walkPages<L extends ListName>(
  walk: WalkContext,
  list: L,
  query: string,
  startingAfter: string | null = null,
): AsyncGenerator<WalkedPage<L>> {
  const params = new URLSearchParams(query);
  params.set("limit", String(WALK_PAGE_SIZE));
  let cursor = startingAfter;
  for (;;) {
    if (walk.signal.aborted) throw walk.signal.reason;
    const page = await walk.limit(async () => {
      await walk.budget.take();
      if (walk.signal.aborted) throw walk.signal.reason;
      return fetchListPage(walk.fetcher, list, params.toString(), cursor ?? undefined, walk.signal);
    });
    const rows = page.data as ListRecord<L>[];
    cursor = page.nextCursor ?? cursor;
    walk.progress.pages += 1;
    walk.progress.rows += rows.length;
    walk.onProgress?.({ ...walk.progress });
    yield { rows, cursor };
    await yieldToEventLoop();
    if (!page.hasMore) return;
    if (!page.nextCursor)
      throw new ApiRequestError({
        kind: "invalid-response",
        status: 200,
        code: null,
        message: `The API said /${list} has more rows but gave no cursor to read them.`,
        issues: [],
      });
  }
}

/** One invoice by id under the page budget; null when the API no longer has it. */
export async function readInvoice(walk: WalkContext, id: string): Promise<InvoiceRecord | null> {
  return walk.limit(async () => {
    await walk.budget.take();
    walk.progress.pages += 1;
    try {
      return await fetchInvoice(walk.fetcher, id, walk.signal);
    } catch (error) {
      if (error instanceof ApiRequestError && error.kind === "not-found") return null;
      throw error;
    }
  });
}
