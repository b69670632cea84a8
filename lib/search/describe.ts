/**
 * How a found invoice and the number index's progress read, wherever they are listed
 * (the palette, the invoices list's number search, the not-found page).
 */
import { formatCount, formatDate, formatMoney, humanize } from "@/lib/format";
import type { InvoiceIndexStatus, InvoiceMatch, InvoiceSearchAnswer } from "./types";

/** "Wiza, Klein and Sons · Issued · $1,200.00 · issued Mar 12, 2025" (planned, for one not issued yet). */
export function invoiceDetail(invoice: InvoiceMatch): string {
  const when = invoice.issuedAt
    ? `issued ${formatDate(invoice.issuedAt)}`
    : invoice.status === "VOIDED"
      ? `period from ${formatDate(invoice.periodStartAt)}`
      : `to issue ${formatDate(invoice.periodStartAt)}`;
  return [
    invoice.customerName ?? "No customer name",
    humanize(invoice.status),
    formatMoney(invoice.total),
    when,
  ].join(" · ");
}

/**
 * What the number index lacks, if anything: "The number index is being built: 312,400
 * invoices read so far, those created up to Mar 3, 2023." Null once it is complete
 * and its last walk succeeded.
 */
export function indexNote(index: InvoiceIndexStatus): string | null {
  if (index.state === "waiting")
    return index.error
      ? `Invoice numbers cannot be searched yet: ${index.error}`
      : "The number index is about to be built: invoice numbers are not searched yet.";
  if (index.state === "building") {
    const reached = index.reachedCreatedAt
      ? `, those created up to ${formatDate(index.reachedCreatedAt)}`
      : "";
    return `The number index is being built: ${formatCount(index.invoices)} invoices read so far${reached}. A later invoice may not be found yet.`;
  }
  return index.error ? `The number index could not be brought up to date: ${index.error}` : null;
}

/** "No invoice numbered like “x”", "1 invoice", "8 of 23 invoices, keep typing", "8 of 100+ invoices, keep typing". */
export function invoiceCount(
  found: Pick<InvoiceSearchAnswer, "term" | "shown" | "counted" | "more">,
) {
  if (found.counted === 0) return `No invoice numbered like “${found.term}”`;
  const total = found.more ? `${found.counted}+` : String(found.counted);
  if (found.shown.length < found.counted || found.more)
    return `${found.shown.length} of ${total} invoices, keep typing`;
  return `${found.counted} invoice${found.counted === 1 ? "" : "s"}`;
}
