import Link from "@/components/layout/link";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import {
  type RenewalValueData,
  VALUE_GROUP_LABELS,
  VALUE_GROUPS,
  type ValueGroup,
} from "@/lib/insights/renewal-value";
import { customerList } from "@/lib/lists/customers";

/** Where each group's customers are listed: the customers list by health, or this page's own rows. */
export function valueGroupHref(group: ValueGroup): string {
  if (group === "AUTO_RENEW") return "/renewals#auto-renewing";
  return `/customers?${customerList.apiQuery({ contractHealths: [group] })}`;
}

/** Whole units: a value spread per year has no meaningful cents, and four columns fit a phone. */
export function formatWhole(minor: string | bigint, code: string): string {
  const value = BigInt(minor);
  const rounded = ((value + (value < 0n ? -50n : 50n)) / 100n) * 100n;
  return formatMinor(rounded, code).replace(/\.00(?!\d)/, "");
}

const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "customer" : "customers"}`;

/** How the value is computed, said once where it is shown. */
export function ValueMethod({ windows }: { windows: number[] }) {
  return (
    <>
      What the terms in force of each customer's coverage contract bill a year, for terms that end
      within {windows.join(", ")} days (each window holds the shorter ones): the contract&apos;s
      invoices whose period starts within those terms, voided ones aside and planned ones included,
      summed and spread over the terms&apos; length per 12 months. Not the customer&apos;s value
      over every contract; currencies are never added together; shown in whole units.
    </>
  );
}

/**
 * The renewal value at stake: one table per currency, a row per group (Renewal due,
 * Ending, auto-renewing) and their total, a column per window. Each group opens the
 * customers it sums.
 */
export function RenewalValueTables({ data }: { data: RenewalValueData }) {
  const codes = currencyOrder(Object.keys(data.byCurrency));
  if (codes.length === 0)
    return (
      <p className="text-sm text-fg-muted" data-testid="value-none">
        No terms in force end within {data.windows.at(-1)} days.
      </p>
    );
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      {codes.map((code) => (
        <CurrencyValueTable key={code} code={code} data={data} />
      ))}
    </div>
  );
}

function CurrencyValueTable({ code, data }: { code: string; data: RenewalValueData }) {
  const groups = data.byCurrency[code]!;
  const totals = data.windows.map((_, w) =>
    VALUE_GROUPS.reduce((sum, g) => sum + BigInt(groups[g][w] ?? "0"), 0n),
  );
  return (
    <div className="min-w-0 overflow-x-auto" data-currency={code}>
      <table className="w-full text-xs tabular-nums sm:text-sm">
        <caption className="mb-1 text-left text-sm font-medium">
          {code}, value a year of the terms ending within
        </caption>
        <thead>
          <tr className="border-b border-line text-fg-muted">
            <th scope="col" className="py-1 pr-1 text-left font-medium sm:pr-2">
              Group
            </th>
            {data.windows.map((days) => (
              <th
                key={days}
                scope="col"
                className="whitespace-nowrap px-1 py-1 text-right font-medium sm:px-2"
              >
                {days} days
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {VALUE_GROUPS.map((group) => (
            <tr key={group} className="border-b border-line" data-group={group}>
              <th scope="row" className="py-1 pr-1 text-left font-normal sm:pr-2">
                <Link href={valueGroupHref(group)} className="text-accent hover:underline">
                  {VALUE_GROUP_LABELS[group]}
                </Link>
              </th>
              {data.windows.map((days, w) => (
                <td
                  key={days}
                  className="whitespace-nowrap px-1 py-1 text-right sm:px-2"
                  data-window={days}
                >
                  <span data-value={groups[group][w]}>{formatWhole(groups[group][w]!, code)}</span>
                </td>
              ))}
            </tr>
          ))}
          <tr data-group="total" className="font-semibold">
            <th scope="row" className="py-1 pr-1 text-left sm:pr-2">
              Total
            </th>
            {totals.map((total, w) => (
              <td
                key={data.windows[w]}
                className="whitespace-nowrap px-1 py-1 text-right sm:px-2"
                data-window={data.windows[w]}
              >
                <span data-value={total.toString()}>{formatWhole(total, code)}</span>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The customers each window holds, every currency together (a count, not money). */
export function ValueCustomerCounts({ data }: { data: RenewalValueData }) {
  return (
    <p className="mt-3 text-sm text-fg-muted" data-testid="value-customers">
      Customers counted:{" "}
      {VALUE_GROUPS.map((group, i) => (
        <span key={group}>
          {i > 0 ? "; " : ""}
          {VALUE_GROUP_LABELS[group]}{" "}
          {data.windows
            .map((days, w) => `${plural(data.customers[group][w] ?? 0)} within ${days} days`)
            .join(", ")}
        </span>
      ))}
      .
      {data.unvalued > 0
        ? ` ${plural(data.unvalued)} within ${data.windows.at(-1)} days have no invoice in their terms to value them by, and count 0.`
        : ""}
    </p>
  );
}
