import Link from "@/components/layout/link";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import type { ReceivablesData } from "@/lib/insights/receivables";
import { AgingChart, AgingTable, currenciesOf } from "./aging";
import { PartPending } from "./part-pending";
import { UnappliedList } from "./unapplied-list";

/** /receivables: each aging bucket and the unapplied payments show as soon as their own walk ends. */
export function ReceivablesView({ data, reading }: { data: ReceivablesData; reading: boolean }) {
  const currencies = currenciesOf(data.buckets);
  const nothingOwed = data.totals !== null && currencies.length === 0;
  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
      <div className="min-w-0 space-y-6">
        <section aria-labelledby="aging-heading">
          <h2 id="aging-heading" className="mb-1 text-lg font-semibold">
            Outstanding by age
          </h2>
          <p className="mb-3 text-sm text-fg-muted">
            Issued invoices with an outstanding balance (total minus posted payments), by days past
            their due date, per currency; currencies are never added together. Each bucket opens{" "}
            <Link href={data.allHref} className="text-accent underline">
              the invoice list
            </Link>{" "}
            filtered to its due dates; that list has no currency filter, so it shows the bucket's
            invoices in every currency.
          </p>
          {nothingOwed ? (
            <p className="text-sm text-fg-muted">No issued invoice has an outstanding balance.</p>
          ) : (
            <>
              <AgingChart buckets={data.buckets} currencies={currencies} reading={reading} />
              <div className="mt-4">
                <AgingTable
                  buckets={data.buckets}
                  totals={data.totals}
                  currencies={currencies}
                  allHref={data.allHref}
                  reading={reading}
                />
              </div>
            </>
          )}
        </section>
        <section aria-labelledby="pending-heading">
          <h2 id="pending-heading" className="mb-1 text-lg font-semibold">
            Pending card payments
          </h2>
          <p className="mb-3 text-sm text-fg-muted">
            Card payments awaiting funds on these invoices: counted in the outstanding amounts above
            until the funds arrive, shown apart here. The invoice list cannot filter on them.
          </p>
          <PendingPayments pending={data.pending} reading={reading} />
        </section>
      </div>
      <section aria-labelledby="unapplied-heading">
        <h2 id="unapplied-heading" className="mb-1 text-lg font-semibold">
          Unapplied cash payments
        </h2>
        {data.unapplied ? (
          <UnappliedList section={data.unapplied} />
        ) : (
          <PartPending reading={reading} />
        )}
      </section>
    </div>
  );
}

function PendingPayments({
  pending,
  reading,
}: {
  pending: ReceivablesData["pending"];
  reading: boolean;
}) {
  if (!pending) return <PartPending reading={reading} />;
  const codes = currencyOrder(Object.keys(pending.counts));
  if (codes.length === 0)
    return <p className="text-sm text-fg-muted">No card payment is pending.</p>;
  return (
    <ul className="flex flex-wrap gap-3" aria-label="Pending card payments per currency">
      {codes.map((code) => (
        <li
          key={code}
          className="rounded-md border border-info-line bg-info-soft px-3 py-2 text-sm"
          data-pending={code}
        >
          <span className="block font-medium tabular-nums" data-amount>
            {formatMinor(pending.outstanding[code] ?? "0", code)}
          </span>
          <span className="text-xs text-fg-muted" data-count={pending.counts[code]}>
            on {pending.counts[code]?.toLocaleString("en-US")}{" "}
            {pending.counts[code] === 1 ? "invoice" : "invoices"}
          </span>
        </li>
      ))}
    </ul>
  );
}
