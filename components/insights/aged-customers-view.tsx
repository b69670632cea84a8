import { ScrollRegion } from "@/components/insights/scroll-region";
import Link from "@/components/layout/link";
import {
  type AgedCurrencyTotals,
  type AgedCustomerRow,
  agedBucketHref,
  BUCKET_HEADERS,
} from "@/lib/insights/aged-customers";
import { AGING_BUCKETS, type AgingBucketKey, formatMinor } from "@/lib/insights/aggregate";
import { insights } from "@/lib/insights/instance";
import type { AgedByCustomer } from "@/lib/insights/receivables-customers";
import { AgedCustomersTable } from "./aged-customers-table";

const count = (n: number, noun: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? noun : `${noun}s`}`;

/** One foot cell: a bucket's amount in one currency, opening that bucket's invoices. */
function TotalCell({
  totals,
  bucket,
  today,
}: {
  totals: AgedCurrencyTotals;
  bucket: AgingBucketKey | null;
  today: number;
}) {
  const n = bucket ? totals.counts[bucket] : totals.count;
  const minor = bucket ? totals.amounts[bucket] : totals.total;
  return (
    <td className="px-3 py-2 text-right tabular-nums" data-bucket={bucket ?? "total"}>
      {n === 0 ? (
        <span className="text-fg-subtle">—</span>
      ) : (
        <Link href={agedBucketHref(bucket, today)} className="text-accent hover:underline">
          <span className="block whitespace-nowrap" data-amount>
            {formatMinor(minor, totals.currency)}
          </span>
        </Link>
      )}
      <span className="block text-xs text-fg-muted" data-count={n}>
        {count(n, "invoice")}
      </span>
    </td>
  );
}

/** The totals per currency, under the table: currencies are never added together. */
function TotalsTable({ totals, today }: { totals: AgedCurrencyTotals[]; today: number }) {
  return (
    <ScrollRegion
      label="Totals per currency by age"
      className="hidden rounded-md border border-line bg-surface sm:block"
    >
      <table className="w-full text-sm" aria-label="Totals per currency">
        <thead className="bg-surface-muted text-left text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Currency
            </th>
            {AGING_BUCKETS.map((b) => (
              <th key={b.key} scope="col" className="px-3 py-2 text-right font-medium">
                {BUCKET_HEADERS[b.key]}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Pending card payments
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.currency} className="border-t border-line" data-total-currency={t.currency}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {t.currency}
                <span className="block text-xs font-normal text-fg-muted">
                  {count(t.customers, "customer")}
                </span>
              </th>
              {AGING_BUCKETS.map((b) => (
                <TotalCell key={b.key} totals={t} bucket={b.key} today={today} />
              ))}
              <TotalCell totals={t} bucket={null} today={today} />
              <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap" data-pending>
                {t.pending === "0" ? "—" : formatMinor(t.pending, t.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** The totals on a phone: one block per currency, its total first, then each bucket. */
function TotalsCards({ totals, today }: { totals: AgedCurrencyTotals[]; today: number }) {
  return (
    <ul className="space-y-3 sm:hidden">
      {totals.map((t) => (
        <li key={t.currency} className="rounded-md border border-line bg-surface p-3 text-sm">
          <p className="flex items-baseline justify-between gap-3 font-medium">
            <span>
              {t.currency}{" "}
              <span className="font-normal text-fg-muted">{count(t.customers, "customer")}</span>
            </span>
            <Link
              href={agedBucketHref(null, today)}
              className="tabular-nums text-accent hover:underline"
            >
              {formatMinor(t.total, t.currency)}
            </Link>
          </p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
            {AGING_BUCKETS.map((b) => (
              <div key={b.key} className="contents">
                <dt className="text-fg-muted">{BUCKET_HEADERS[b.key]}</dt>
                <dd className="text-right tabular-nums">
                  {t.counts[b.key] === 0 ? (
                    "—"
                  ) : (
                    <Link
                      href={agedBucketHref(b.key, today)}
                      className="text-accent hover:underline"
                    >
                      {formatMinor(t.amounts[b.key], t.currency)}
                    </Link>
                  )}
                </dd>
              </div>
            ))}
            {t.pending === "0" ? null : (
              <div className="contents">
                <dt className="text-fg-muted">Pending card payments</dt>
                <dd className="text-right tabular-nums">{formatMinor(t.pending, t.currency)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * /receivables/customers: who owes what, by how late. The rows are kept apart from
 * the figures in pages: the HTML holds the first page, the table reads the next
 * ones as the person scrolls.
 */
export async function AgedCustomersView({ data, today }: { data: AgedByCustomer; today: number }) {
  const firstPage = await insights().rowsPage("receivables-customers", data.rows.id, 0);
  const first = firstPage
    ? (JSON.parse(firstPage) as { data: AgedCustomerRow[]; hasMore: boolean })
    : null;
  return (
    <div className="space-y-6">
      <section aria-labelledby="aged-heading" className="space-y-3">
        <h2 id="aged-heading" className="text-lg font-semibold">
          Outstanding by customer and age
        </h2>
        <div className="space-y-2 text-sm text-fg-muted">
          <p data-testid="aged-summary" data-rows-id={data.rows.id}>
            {count(data.customers, "customer")} owe something on issued invoices (total minus posted
            payments), in {count(data.rows.count, "row")}: one per customer and currency, the oldest
            money first (those owing over 90 days, the largest first, currency by currency; then
            61–90 days; and so on).{" "}
            {data.namesRefused ? null : (
              <span data-testid="deleted-count">
                {count(data.deletedCustomers, "deleted customer")} still{" "}
                {data.deletedCustomers === 1 ? "owes" : "owe"}: named as on their latest invoice.
              </span>
            )}
          </p>
          {data.namesRefused ? (
            <p role="note" className="rounded-md bg-warning-soft px-3 py-2 text-warning">
              The API key may not read customers ({data.namesRefused.message}): each customer is
              named as on its latest invoice, and deleted customers cannot be told apart.
            </p>
          ) : null}
          <p>
            Each amount opens that customer&apos;s invoices due in its days. The invoice list has no
            currency filter: for a customer owing in two currencies it shows both. Pending card
            payments are part of the amounts until their funds arrive, shown apart too.
          </p>
        </div>
        <p>
          <a
            href={`/receivables/customers/export?rows=${data.rows.id}`}
            download
            className="inline-block rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent"
          >
            Download CSV
          </a>
        </p>
        {first ? (
          <AgedCustomersTable rowsId={data.rows.id} first={first} today={today} />
        ) : (
          <p className="text-sm text-fg-muted">
            These rows were replaced by a newer walk: reload the page.
          </p>
        )}
      </section>
      <section aria-labelledby="aged-totals-heading" className="space-y-3">
        <h2 id="aged-totals-heading" className="text-lg font-semibold">
          Totals per currency
        </h2>
        {data.totals.length === 0 ? (
          <p className="text-sm text-fg-muted">No issued invoice has an outstanding balance.</p>
        ) : (
          <>
            <TotalsCards totals={data.totals} today={today} />
            <TotalsTable totals={data.totals} today={today} />
          </>
        )}
      </section>
    </div>
  );
}
