import { PartPending } from "@/components/insights/part-pending";
import Link from "@/components/layout/link";
import { formatMinor } from "@/lib/insights/aggregate";
import type { Section } from "@/lib/insights/sections";
import type { CustomerNow, TrendsFigures } from "@/lib/insights/trends";
import { TRENDS_RANGES, type TrendsRangeKey } from "@/lib/insights/trends-calendar";
import {
  averageDays,
  dsoDays,
  formatDays,
  paidHref,
  rangeMonths,
  shareLate,
} from "@/lib/insights/trends-view";
import { CurrencyMonths } from "./month-figures";
import { DaysToPayTable, DsoCards } from "./pay-speed";
import { SlowestPayersTable, type SlowPayerRow } from "./slowest-payers";
import { WhatIsDated } from "./what-is-dated";

function RangePicker({ range }: { range: TrendsRangeKey }) {
  return (
    <nav aria-label="Range" className="flex flex-wrap gap-2">
      {TRENDS_RANGES.map((r) => (
        <Link
          key={r.key}
          href={`/trends?range=${r.key}`}
          aria-current={r.key === range ? "page" : undefined}
          className={`rounded-md border px-2.5 py-1 text-sm ${
            r.key === range
              ? "border-accent bg-accent-soft font-medium text-fg"
              : "border-line bg-surface text-fg-muted hover:text-fg"
          }`}
        >
          {r.label}
        </Link>
      ))}
    </nav>
  );
}

function nameOf(now: CustomerNow, billedAs: string | null, id: string): string {
  return now.kind === "found" ? now.name : (billedAs ?? id);
}

/** The range's slowest payers as the sortable table shows them. */
export function slowestRows(figures: TrendsFigures, range: TrendsRangeKey): SlowPayerRow[] {
  return figures.slowest[range].map((s) => {
    const c = figures.customers[s.customerId]!;
    const accounts = Object.keys({ ...c.owed, ...c.invoiced90 }).map((code) => {
      const dso = dsoDays({
        owed: c.owed[code] ?? "0",
        invoiced90: c.invoiced90[code] ?? "0",
        owedCount: 0,
        invoiced90Count: 0,
      });
      return `${formatMinor(c.owed[code] ?? "0", code)} owed, DSO ${dso === null ? "—" : `${formatDays(dso)} days`}`;
    });
    return {
      customerId: s.customerId,
      name: nameOf(c.now, c.billedAs, s.customerId),
      state: c.now.kind,
      billedAs: c.billedAs,
      paid: s.paid,
      averageDays: averageDays(s) ?? 0,
      medianDays: s.medianDays ?? 0,
      lateShare: shareLate(s),
      accounts,
      customerHref: `/customers/${s.customerId}`,
      paidHref: paidHref(s.customerId),
    };
  });
}

function PaymentsNote({ payments }: { payments: TrendsFigures["payments"] }) {
  if (!payments.ok)
    return (
      <p className="text-sm text-fg-muted" data-payments-refused>
        Payments received are not shown: {payments.error.message}
      </p>
    );
  const r = payments.data.reasons;
  const apart = r.unattributed + r.severalCurrencies + r.noIssuedInvoice;
  if (apart === 0) return null;
  return (
    <p className="text-sm text-fg-muted" data-payments-apart={apart}>
      {apart.toLocaleString("en-US")} payments received over the last 24 months are in no column
      above, as a payment carries no currency: {r.severalCurrencies.toLocaleString("en-US")} from
      customers billed in several currencies, {r.noIssuedInvoice.toLocaleString("en-US")} from
      customers with no issued invoice, {r.unattributed.toLocaleString("en-US")} attributed to no
      customer. They are in{" "}
      <Link href="/payments" className="text-accent underline">
        the payment list
      </Link>
      .
    </p>
  );
}

/** /trends once its walk has been read: money by month per currency, DSO, days to pay, slowest payers. */
export function TrendsView({
  part,
  reading,
  range,
  today,
}: {
  part: Section<TrendsFigures> | undefined;
  reading: boolean;
  range: TrendsRangeKey;
  today: number;
}) {
  const rangeLabel = TRENDS_RANGES.find((r) => r.key === range)!.label;
  return (
    <div className="space-y-8">
      <RangePicker range={range} />
      {!part ? (
        <PartPending reading={reading} />
      ) : !part.ok ? (
        <p className="text-sm text-fg-muted" data-trends-refused>
          The trends need the invoice list: {part.error.message}
        </p>
      ) : part.data.currencies.length === 0 ? (
        <p className="text-sm text-fg-muted">No issued invoice yet: nothing to chart.</p>
      ) : (
        <Figures figures={part.data} range={range} rangeLabel={rangeLabel} today={today} />
      )}
    </div>
  );
}

function Figures({
  figures,
  range,
  rangeLabel,
  today,
}: {
  figures: TrendsFigures;
  range: TrendsRangeKey;
  rangeLabel: string;
  today: number;
}) {
  const indexes = rangeMonths(range, figures.months);
  const rows = slowestRows(figures, range);
  return (
    <>
      <section aria-labelledby="months-heading" className="space-y-4">
        <div>
          <h2 id="months-heading" className="mb-1 text-lg font-semibold">
            Money by month: {rangeLabel.toLowerCase()}
          </h2>
          <p className="text-sm text-fg-muted">
            Per currency; currencies are never added together. Each month's bars and row open the
            invoices issued in it (in every currency: the list has no currency filter).
          </p>
        </div>
        <WhatIsDated />
        {figures.currencies.map((code) => (
          <CurrencyMonths
            key={code}
            code={code}
            figures={figures}
            indexes={indexes}
            today={today}
          />
        ))}
        <PaymentsNote payments={figures.payments} />
      </section>
      <DsoCards figures={figures} today={today} />
      <DaysToPayTable figures={figures} range={range} rangeLabel={rangeLabel} />
      <section aria-labelledby="slowest-heading">
        <h2 id="slowest-heading" className="mb-1 text-lg font-semibold">
          Slowest payers
        </h2>
        <p className="mb-3 text-sm text-fg-muted">
          The {rows.length} customers with the longest average days to pay over the invoices paid in
          full in the range, grouped by customer id (the current name shown; a deleted customer
          keeps the name it was billed under). Owed now and DSO per currency.
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-fg-muted">No invoice was paid in full in the range.</p>
        ) : (
          <SlowestPayersTable rows={rows} />
        )}
      </section>
    </>
  );
}
