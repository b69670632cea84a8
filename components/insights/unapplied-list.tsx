import Link from "@/components/layout/link";
import { ErrorPanel } from "@/components/states/error-panel";
import { formatCents, formatDate } from "@/lib/format";
import type { UnappliedPayments } from "@/lib/insights/receivables";
import type { Section } from "@/lib/insights/sections";
import { CappedFigure } from "./capped-figure";

/**
 * Cash payments with an amount not yet applied: the count, up to the cap (a link to
 * the whole list), and the newest few. The payments list carries cents without a currency, so
 * amounts are shown per payment and never summed.
 */
export function UnappliedList({ section }: { section: Section<UnappliedPayments> }) {
  if (!section.ok) return <ErrorPanel error={section.error} compact />;
  const { count, capped, newest, href } = section.data;
  return (
    <div>
      <p className="mb-3 text-sm">
        <Link
          href={href}
          className="text-accent underline"
          data-testid="unapplied-count"
          data-figure={count}
          data-capped={capped || undefined}
        >
          <CappedFigure count={count} capped={capped} />{" "}
          {count === 1 && !capped ? "payment" : "payments"}
        </Link>{" "}
        with an amount or bank fee not yet applied
        {count > newest.length ? `; the newest ${newest.length}:` : ":"}
      </p>
      {newest.length > 0 ? (
        <ul className="divide-y divide-line rounded-md border border-line bg-surface text-sm">
          {newest.map((p) => {
            const fee = p.bankFee?.unappliedAmountCents ?? 0;
            return (
              <li
                key={p.id}
                className="flex justify-between gap-3 px-3 py-2"
                data-payment-id={p.id}
              >
                <span>
                  <span className="block">
                    {p.customerId ? (
                      <Link
                        href={`/customers/${p.customerId}`}
                        className="text-accent hover:underline"
                      >
                        {p.customerName ?? "Unnamed customer"}
                      </Link>
                    ) : (
                      <span className="text-fg-muted">Not yet attributed</span>
                    )}
                  </span>
                  <span className="text-xs text-fg-muted">
                    Received {formatDate(p.receivedDate)}
                  </span>
                </span>
                <span className="text-right tabular-nums">
                  <span className="block">{formatCents(p.unappliedAmountCents)} unapplied</span>
                  <span className="block text-xs text-fg-muted">
                    of {formatCents(p.amountCents)}
                    {fee > 0 ? ` · fee ${formatCents(fee)} unapplied` : ""}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
