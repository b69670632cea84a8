import Link from "next/link";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import type { AgingBucket, BucketFigures } from "@/lib/insights/receivables";

const BUCKET_COLORS = [
  "bg-emerald-500",
  "bg-amber-400",
  "bg-orange-500",
  "bg-red-500",
  "bg-red-800",
];

/**
 * One bar chart per currency (amounts of different currencies are never put on
 * one scale nor added): a bar per aging bucket, its amount written beside it.
 */
export function AgingChart({
  buckets,
  currencies,
}: {
  buckets: AgingBucket[];
  currencies: string[];
}) {
  return (
    <div className="grid gap-4 2xl:grid-cols-2">
      {currencies.map((code) => {
        const values = buckets.map((b) => BigInt(b.outstanding[code] ?? "0"));
        // biome-ignore lint/complexity/useMathMinMax: BigInt, which Math.max does not take
        const max = values.reduce((m, v) => (v > m ? v : m), 1n);
        return (
          <figure key={code} className="rounded-md border border-slate-200 bg-white p-4">
            <figcaption className="mb-3 text-sm font-medium">Outstanding in {code}</figcaption>
            <ul className="space-y-2">
              {buckets.map((b, i) => (
                <li
                  key={b.key}
                  className="grid grid-cols-[8.5rem_1fr_auto] items-center gap-2 text-xs"
                >
                  <span className="text-slate-700">{b.label}</span>
                  <span aria-hidden="true" className="h-3 rounded bg-slate-100">
                    <span
                      className={`block h-3 rounded ${BUCKET_COLORS[i]}`}
                      style={{
                        width: `${Number((values[i]! * 1000n) / max) / 10}%`,
                        minWidth: values[i]! > 0n ? 2 : 0,
                      }}
                    />
                  </span>
                  <span className="whitespace-nowrap text-right tabular-nums">
                    {formatMinor(values[i]!, code)}
                  </span>
                </li>
              ))}
            </ul>
          </figure>
        );
      })}
    </div>
  );
}

function Cell({ figures, code }: { figures: BucketFigures; code: string }) {
  const count = figures.counts[code] ?? 0;
  return (
    <td className="px-3 py-2 text-right tabular-nums" data-currency={code}>
      <span className="block" data-amount>
        {formatMinor(figures.outstanding[code] ?? "0", code)}
      </span>
      <span className="block text-xs text-slate-600" data-count={count}>
        {count} {count === 1 ? "invoice" : "invoices"}
      </span>
    </td>
  );
}

/** The same figures as a table: a row per bucket, a column per currency, totals per currency. */
export function AgingTable({
  buckets,
  totals,
  currencies,
  allHref,
}: {
  buckets: AgingBucket[];
  totals: BucketFigures;
  currencies: string[];
  allHref: string;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
      <table className="w-full text-sm" aria-label="Aging of outstanding invoices">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Due
            </th>
            {currencies.map((code) => (
              <th key={code} scope="col" className="px-3 py-2 text-right font-medium">
                {code}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.key} className="border-t border-slate-100" data-bucket={b.key}>
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <Link href={b.href} className="text-blue-700 hover:underline">
                  {b.label}
                </Link>
              </th>
              {currencies.map((code) => (
                <Cell key={code} figures={b} code={code} />
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 font-medium" data-bucket="total">
            <th scope="row" className="px-3 py-2 text-left">
              <Link href={allHref} className="text-blue-700 hover:underline">
                Total per currency
              </Link>
            </th>
            {currencies.map((code) => (
              <Cell key={code} figures={totals} code={code} />
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export function currenciesOf(...figures: BucketFigures[]): string[] {
  return currencyOrder(figures.flatMap((f) => Object.keys(f.counts)));
}
