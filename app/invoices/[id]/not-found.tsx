import { headers } from "next/headers";
import Link from "@/components/layout/link";
import { PATH_HEADER } from "@/lib/auth/config";
import { currentViewer } from "@/lib/auth/guard";
import { indexNote, invoiceCount, invoiceDetail } from "@/lib/search/describe";
import { numberInPath, numbersLike } from "@/lib/search/number-page";

/** The number the address asked for, when it asked by number (not by id). */
async function askedNumber(): Promise<string | null> {
  const path = (await headers()).get(PATH_HEADER) ?? "";
  const segment = /^\/invoices\/([^/?]+)/.exec(path)?.[1];
  return segment ? numberInPath(segment) : null;
}

export default async function InvoiceNotFound() {
  const number = await askedNumber();
  // The page checked the viewer before it got here; the index is read for a viewer only.
  const viewer = number ? await currentViewer().catch(() => null) : null;
  const like = number && viewer ? await numbersLike(number) : null;
  const note = like ? indexNote(like.index) : null;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight">Invoice not found</h1>
      {number ? (
        <p className="mt-3 text-fg-muted">
          No invoice of this business is numbered <strong className="text-fg">{number}</strong>.
          Type the number, or the digits you know of it, in the Invoice number search of the
          invoices list, or in Jump to… (Ctrl K) from any page.
        </p>
      ) : (
        <p className="mt-3 text-fg-muted">
          No invoice of this business has that id. It may belong to another business, or the link
          may be mistyped.
        </p>
      )}
      {note ? <p className="mt-3 text-sm text-fg-muted">{note}</p> : null}
      {like && like.counted > 0 ? (
        <section className="mt-6" aria-labelledby="numbers-like">
          <h2 id="numbers-like" className="text-sm font-medium">
            Numbers holding “{like.term}”: {invoiceCount(like)}
          </h2>
          <ul className="mt-2 divide-y divide-line rounded-md border border-line">
            {like.shown.map((invoice) => (
              <li key={invoice.id} className="px-3 py-2">
                <Link
                  href={`/invoices/${invoice.id}`}
                  className="font-medium tabular-nums text-accent underline"
                >
                  {invoice.number}
                </Link>
                <p className="text-xs text-fg-muted">{invoiceDetail(invoice)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-6">
        <Link
          href="/invoices"
          className="rounded-md bg-inverse px-3 py-1.5 text-sm text-inverse-fg hover:opacity-90"
        >
          Back to invoices
        </Link>
      </p>
    </main>
  );
}
