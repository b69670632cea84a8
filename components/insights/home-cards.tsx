import type { ReactNode } from "react";
import Link from "@/components/layout/link";
import { humanize } from "@/lib/format";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import { type HomeData, RENEWAL_WINDOW_DAYS } from "@/lib/insights/home";
import type { Section } from "@/lib/insights/sections";
import { CappedFigure } from "./capped-figure";
import { PartPending } from "./part-pending";

export function Card<T>({
  title,
  testId,
  section,
  reading,
  children,
}: {
  title: string;
  testId: string;
  /** undefined: not read yet (or being read) */
  section: Section<T> | undefined;
  reading: boolean;
  children: (data: T) => ReactNode;
}) {
  return (
    <section
      aria-label={title}
      aria-busy={section === undefined && reading}
      data-testid={testId}
      className="rounded-md border border-line bg-surface p-4"
    >
      <h2 className="text-sm font-medium text-fg-muted">{title}</h2>
      <div className="mt-2">
        {section === undefined ? (
          <PartPending reading={reading} />
        ) : section.ok ? (
          children(section.data)
        ) : (
          <p className="text-sm text-warning">
            {section.error.kind === "unauthorized"
              ? "The API key may not read this list."
              : section.error.message}{" "}
            <Link href="/key" className="underline">
              What the key may read
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

function CountLink({
  href,
  count,
  capped = false,
  noun,
}: {
  href: string;
  count: number;
  capped?: boolean;
  noun: [string, string];
}) {
  return (
    <Link
      href={href}
      className="text-2xl font-semibold text-accent hover:underline"
      data-figure={count}
      data-capped={capped || undefined}
    >
      <CappedFigure count={count} capped={capped} />{" "}
      <span className="text-base font-normal">{count === 1 && !capped ? noun[0] : noun[1]}</span>
    </Link>
  );
}

/**
 * The four figures of the home page, each a link to the list behind it. Each shows
 * as soon as its own walk ends; one not read yet says so in its place.
 */
export function HomeCards({ data, reading }: { data: Partial<HomeData>; reading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card
        title="Overdue, per currency"
        testId="card-overdue"
        section={data.overdue}
        reading={reading}
      >
        {(o) => {
          const codes = currencyOrder(Object.keys(o.counts));
          return codes.length === 0 ? (
            <Link href={o.href} className="text-accent hover:underline">
              Nothing overdue
            </Link>
          ) : (
            <>
              <Link href={o.href} className="block hover:underline">
                <ul className="space-y-1">
                  {codes.map((code) => {
                    const pending = BigInt(o.pending?.[code] ?? "0");
                    return (
                      <li
                        key={code}
                        data-currency={code}
                        data-outstanding={o.outstanding[code] ?? "0"}
                        className="text-accent"
                      >
                        <span className="text-xl font-semibold tabular-nums" data-amount>
                          {formatMinor(o.remaining?.[code] ?? o.outstanding[code] ?? "0", code)}
                        </span>{" "}
                        <span className="text-sm text-fg-muted" data-count={o.counts[code]}>
                          still owed on {o.counts[code]?.toLocaleString("en-US")}{" "}
                          {o.counts[code] === 1 ? "invoice" : "invoices"}
                        </span>
                        {pending > 0n ? (
                          <span className="block text-sm text-fg-muted" data-pending>
                            and {formatMinor(pending, code)} that pending card payments will cover
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </Link>
              <p className="mt-2 text-xs text-fg-muted">
                Still owed is the Remaining of{" "}
                <Link href={o.href} className="text-accent underline">
                  the overdue invoices
                </Link>
                , whose totals (Sum this view) show the same split: Remaining and Pending card
                payments. By age:{" "}
                <Link href="/receivables" className="text-accent underline">
                  Receivables
                </Link>
                ; month by month, with days to pay:{" "}
                <Link href="/trends" className="text-accent underline">
                  Trends
                </Link>
                .
              </p>
            </>
          );
        }}
      </Card>
      <Card
        title={`Renewals in the next ${RENEWAL_WINDOW_DAYS} days`}
        testId="card-renewals"
        section={data.renewals}
        reading={reading}
      >
        {(r) => (
          <>
            <CountLink href={r.href} count={r.count} noun={["customer", "customers"]} />
            <p className="mt-1 text-xs text-fg-muted">
              {humanize("RENEWAL_DUE")} or {humanize("ENDING").toLowerCase()}, the terms in force of
              their contract ending within {RENEWAL_WINDOW_DAYS} days: the rows marked on the
              renewals list
            </p>
          </>
        )}
      </Card>
      <Card
        title="Drafts waiting for approval"
        testId="card-drafts"
        section={data.drafts}
        reading={reading}
      >
        {(d) => (
          <CountLink
            href={d.href}
            count={d.count}
            capped={d.capped}
            noun={["invoice", "invoices"]}
          />
        )}
      </Card>
      <Card
        title="Unapplied payments"
        testId="card-unapplied"
        section={data.unapplied}
        reading={reading}
      >
        {(u) => (
          <CountLink
            href={u.href}
            count={u.count}
            capped={u.capped}
            noun={["payment", "payments"]}
          />
        )}
      </Card>
    </div>
  );
}
