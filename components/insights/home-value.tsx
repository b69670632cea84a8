import Link from "@/components/layout/link";
import { currencyOrder } from "@/lib/insights/aggregate";
import {
  type RenewalValueData,
  VALUE_GROUP_LABELS,
  VALUE_GROUPS,
} from "@/lib/insights/renewal-value";
import { Card } from "./home-cards";
import { formatWhole, valueGroupHref } from "./renewals-value";

const VALUE_HREF = "/renewals#value-at-stake";

/**
 * The home page's renewal value at stake: per currency, what the terms ending within
 * 30, 60 and 90 days bill a year, and the widest window split by Renewal due, Ending
 * and auto-renewing, each opening its customers. Read from the renewals view's own
 * result, so both pages show one figure.
 */
export function HomeValueCard({
  data,
  reading,
}: {
  data: RenewalValueData | undefined;
  reading: boolean;
}) {
  const section = data ? { ok: true as const, data: { ...data, href: VALUE_HREF } } : undefined;
  return (
    <Card
      title="Renewal value at stake, a year"
      testId="card-renewal-value"
      section={section}
      reading={reading}
    >
      {(v) => {
        const codes = currencyOrder(Object.keys(v.byCurrency));
        const widest = v.windows.length - 1;
        if (codes.length === 0)
          return (
            <Link href={v.href} className="text-accent hover:underline">
              No terms in force end within {v.windows[widest]} days
            </Link>
          );
        return (
          <>
            <ul className="grid gap-3 sm:grid-cols-2">
              {codes.map((code) => {
                const groups = v.byCurrency[code]!;
                const totals = v.windows.map((_, w) =>
                  VALUE_GROUPS.reduce((sum, g) => sum + BigInt(groups[g][w] ?? "0"), 0n),
                );
                return (
                  <li key={code} data-currency={code}>
                    <Link href={v.href} className="block text-accent hover:underline">
                      <span
                        className="text-xl font-semibold tabular-nums"
                        data-amount
                        data-value={totals[widest]!.toString()}
                      >
                        {formatWhole(totals[widest]!, code)}
                      </span>{" "}
                      <span className="text-sm text-fg-muted">within {v.windows[widest]} days</span>
                    </Link>
                    <span className="block text-sm text-fg-muted tabular-nums">
                      {v.windows
                        .slice(0, -1)
                        .map((days, w) => `${formatWhole(totals[w]!, code)} within ${days}`)
                        .join(" · ")}
                    </span>
                    <span className="block text-sm tabular-nums">
                      {VALUE_GROUPS.map((group, i) => (
                        <span key={group} data-group={group}>
                          {i > 0 ? " · " : ""}
                          <Link href={valueGroupHref(group)} className="text-accent underline">
                            {VALUE_GROUP_LABELS[group]}
                          </Link>{" "}
                          <span data-value={groups[group][widest]}>
                            {formatWhole(groups[group][widest]!, code)}
                          </span>
                        </span>
                      ))}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-xs text-fg-muted">
              What the terms in force ending soon bill a year, from their contracts&apos; invoices,
              in whole units; the split is of the {v.windows[widest]} days.{" "}
              <Link href={v.href} className="text-accent underline">
                Every window and how it is computed
              </Link>
            </p>
          </>
        );
      }}
    </Card>
  );
}
