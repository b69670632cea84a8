import Link from "@/components/layout/link";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import { type RenewalValueData, VALUE_GROUPS } from "@/lib/insights/renewal-value";
import { Card } from "./home-cards";

const VALUE_HREF = "/renewals#value-at-stake";

/**
 * The home page's renewal value at stake: per currency, what the terms ending within
 * 30, 60 and 90 days bill a year, every group together; the split is on /renewals.
 * Read from the renewals view's own result, so both pages show one figure.
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
        if (codes.length === 0)
          return (
            <Link href={v.href} className="text-accent hover:underline">
              No terms in force end within {v.windows.at(-1)} days
            </Link>
          );
        return (
          <>
            <ul className="space-y-2">
              {codes.map((code) => {
                const groups = v.byCurrency[code]!;
                const totals = v.windows.map((_, w) =>
                  VALUE_GROUPS.reduce((sum, g) => sum + BigInt(groups[g][w] ?? "0"), 0n),
                );
                return (
                  <li key={code} data-currency={code}>
                    <Link href={v.href} className="block text-accent hover:underline">
                      <span className="text-xl font-semibold tabular-nums" data-amount>
                        {formatMinor(totals.at(-1)!, code)}
                      </span>{" "}
                      <span className="text-sm text-fg-muted">within {v.windows.at(-1)} days</span>
                    </Link>
                    <span className="block text-sm text-fg-muted tabular-nums">
                      {v.windows
                        .slice(0, -1)
                        .map((days, w) => `${formatMinor(totals[w]!, code)} within ${days}`)
                        .join(" · ")}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="mt-2 text-xs text-fg-muted">
              What the terms in force ending soon bill a year, from their contracts&apos; invoices:
              Renewal due, Ending and auto-renewing.{" "}
              <Link href={v.href} className="text-accent underline">
                The split and how it is computed
              </Link>
            </p>
          </>
        );
      }}
    </Card>
  );
}
