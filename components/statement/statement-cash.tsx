import { ScrollRegion } from "@/components/insights/scroll-region";
import { formatCents, formatDate } from "@/lib/format";
import { formatMinor } from "@/lib/insights/aggregate";
import type { CashPayments } from "@/lib/statement/compute";

const TH = "px-2 py-1.5 font-medium sm:px-3";
const MONEY = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap sm:px-3";

/**
 * The cash payments received in the period, as the payments list holds them: apart
 * from the balance, in the customer's currency only when it bills in one (payments
 * carry no currency), and with no invoice named (the API does not say which they paid).
 */
export function CashPaymentsSection({
  cash,
  currencies,
}: {
  cash: CashPayments;
  currencies: string[];
}) {
  const money = (cents: number | string) =>
    cash.currency ? formatMinor(String(cents), cash.currency) : formatCents(Number(cents));
  return (
    <section
      aria-labelledby="cash-heading"
      className="space-y-3"
      data-cash-currency={cash.currency ?? ""}
    >
      <h2 id="cash-heading" className="text-lg font-semibold">
        Cash payments received
      </h2>
      <p className="text-sm text-fg-muted">
        {cash.currency
          ? `In ${cash.currency}: the customer is billed in ${cash.currency} only.`
          : currencies.length > 1
            ? `The API does not say which currency a payment is in, and this customer is billed in ${currencies.join(" and ")}: amounts are shown without a currency.`
            : "The API does not say which currency a payment is in: amounts are shown without a currency."}{" "}
        The API does not say which invoices a payment paid; what each invoice records as paid is in
        the balance above. Card payments are not in the payments list: they show only there.
      </p>
      {cash.rows.length === 0 ? (
        <p className="text-sm text-fg-muted">No cash payment was received in this period.</p>
      ) : (
        <ScrollRegion label="Cash payments" className="rounded-md border border-line bg-surface">
          <table className="w-full text-sm" aria-label="Cash payments received in the period">
            <thead className="bg-surface-muted text-left text-xs text-fg-muted">
              <tr>
                <th scope="col" className={TH}>
                  Received
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Amount
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Applied
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  Not applied
                </th>
              </tr>
            </thead>
            <tbody>
              {cash.rows.map((p) => (
                <tr key={p.id} className="break-inside-avoid border-t border-line" data-payment-row>
                  <td className="px-2 py-1.5 whitespace-nowrap sm:px-3">
                    {formatDate(p.receivedDate)}
                  </td>
                  <td className={MONEY}>
                    {money(p.amountCents)}
                    {p.bankFee && p.bankFee.amountCents > 0 ? (
                      <span className="block text-xs text-fg-muted">
                        bank fee {money(p.bankFee.amountCents)}
                      </span>
                    ) : null}
                  </td>
                  <td className={MONEY}>
                    {money(p.appliedAmountCents + (p.bankFee?.appliedAmountCents ?? 0))}
                  </td>
                  <td className={MONEY}>
                    {money(p.unappliedAmountCents + (p.bankFee?.unappliedAmountCents ?? 0))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {cash.unapplied !== "0" ? (
        <p className="text-sm" data-unapplied>
          Not applied to any invoice yet, of the payments received by the period&apos;s end:{" "}
          <span className="font-medium tabular-nums">{money(cash.unapplied)}</span>. It is not in
          the balance above, which counts what invoices record as paid.
        </p>
      ) : null}
    </section>
  );
}
