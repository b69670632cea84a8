import { ScrollRegion } from "@/components/insights/scroll-region";
import Link from "@/components/layout/link";
import { formatDate } from "@/lib/format";
import { AGING_BUCKETS, formatMinor } from "@/lib/insights/aggregate";
import type { CurrencyStatement, StatementLine } from "@/lib/statement/compute";
import type { StatementPeriod, StatementView } from "@/lib/statement/period";

const day = (d: string) => formatDate(`${d}T00:00:00.000Z`);
const TH = "px-2 py-1.5 font-medium sm:px-3";
const TD = "px-2 py-1.5 sm:px-3";
const MONEY = `${TD} text-right tabular-nums whitespace-nowrap`;
/** A column a phone leaves out: its figure shows inside the row's first visible cell. */
const WIDE = "hidden sm:table-cell";

const BUCKET_LABELS = {
  current: "Not yet due",
  "1-30": "1–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "90+": "Over 90 days",
} as const;

function LineDescription({ line }: { line: StatementLine }) {
  const invoice = (
    <Link href={`/invoices/${line.invoiceId}`} className="whitespace-nowrap text-accent underline">
      {line.number}
    </Link>
  );
  if (line.kind === "invoice")
    return (
      <>
        Invoice {invoice}
        {line.dueDate ? (
          <span className="block text-xs text-fg-muted">due {day(line.dueDate)}</span>
        ) : null}
      </>
    );
  return (
    <>
      Paid on {invoice}
      <span className="block text-xs text-fg-muted">
        {line.paidInFull ? "paid in full" : "paid in part so far"}
        {line.undated ? "; the API gives no payment date: shown on its issue day" : ""}
      </span>
    </>
  );
}

/** Opening balance, each invoice and payment with the balance after it, closing balance. */
function ActivityTable({ s, period }: { s: CurrencyStatement; period: StatementPeriod }) {
  const money = (minor: string) => (minor === "0" ? "" : formatMinor(minor, s.currency));
  return (
    <table className="w-full text-sm" aria-label={`Activity in ${s.currency}`}>
      <thead className="bg-surface-muted text-left text-xs text-fg-muted">
        <tr>
          <th scope="col" className={`${TH} ${WIDE}`}>
            Date
          </th>
          <th scope="col" className={TH}>
            Item
          </th>
          <th scope="col" className={`${TH} ${WIDE} text-right`}>
            Charges
          </th>
          <th scope="col" className={`${TH} ${WIDE} text-right`}>
            Payments
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-t border-line font-medium" data-line="opening">
          <td className={`${TD} ${WIDE} whitespace-nowrap`}>{day(period.from)}</td>
          <td className={TD}>
            <span className="block text-xs font-normal text-fg-muted sm:hidden">
              {day(period.from)}
            </span>
            Opening balance
          </td>
          <td className={WIDE} />
          <td className={WIDE} />
          <td className={MONEY} data-balance>
            {formatMinor(s.opening, s.currency)}
          </td>
        </tr>
        {s.lines.map((line) => (
          <tr
            key={`${line.kind}:${line.invoiceId}`}
            className="break-inside-avoid border-t border-line"
            data-line={line.kind}
            data-invoice={line.number}
          >
            <td className={`${TD} ${WIDE} whitespace-nowrap align-top`}>{day(line.date)}</td>
            <td className={`${TD} align-top`}>
              <span className="block text-xs text-fg-muted sm:hidden">{day(line.date)}</span>
              <LineDescription line={line} />
              <span className="block tabular-nums sm:hidden">
                {line.kind === "invoice"
                  ? `Charge ${money(line.charge)}`
                  : `Payment ${money(line.payment)}`}
              </span>
            </td>
            <td className={`${MONEY} ${WIDE} align-top`} data-charge>
              {money(line.charge)}
            </td>
            <td className={`${MONEY} ${WIDE} align-top`} data-payment>
              {money(line.payment)}
            </td>
            <td className={`${MONEY} align-top`} data-balance>
              {formatMinor(line.balance, s.currency)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-line-strong font-semibold" data-line="closing">
          <td className={`${TD} ${WIDE} whitespace-nowrap`}>{day(period.to)}</td>
          <th scope="row" className={`${TD} text-left`}>
            <span className="block text-xs font-normal text-fg-muted sm:hidden">
              {day(period.to)}
            </span>
            Closing balance
          </th>
          <td className={`${MONEY} ${WIDE}`}>{formatMinor(s.charges, s.currency)}</td>
          <td className={`${MONEY} ${WIDE}`}>{formatMinor(s.payments, s.currency)}</td>
          <td className={MONEY} data-balance>
            {formatMinor(s.closing, s.currency)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The invoices still owing on the period's last day: together, the closing balance. */
function OpenItemsTable({ s }: { s: CurrencyStatement }) {
  return (
    <table className="w-full text-sm" aria-label={`Open items in ${s.currency}`}>
      <thead className="bg-surface-muted text-left text-xs text-fg-muted">
        <tr>
          <th scope="col" className={TH}>
            Invoice
          </th>
          <th scope="col" className={`${TH} ${WIDE}`}>
            Due
          </th>
          <th scope="col" className={`${TH} ${WIDE} text-right`}>
            Days late
          </th>
          <th scope="col" className={`${TH} ${WIDE} text-right`}>
            Amount
          </th>
          <th scope="col" className={`${TH} text-right`}>
            Open
          </th>
        </tr>
      </thead>
      <tbody>
        {s.openItems.map((item) => (
          <tr
            key={item.invoiceId}
            className="break-inside-avoid border-t border-line"
            data-open-item={item.number}
          >
            <td className={TD}>
              <Link
                href={`/invoices/${item.invoiceId}`}
                className="whitespace-nowrap text-accent underline"
              >
                {item.number}
              </Link>
              <span className="block text-xs text-fg-muted">issued {day(item.issuedDate)}</span>
              <span className="block text-xs text-fg-muted sm:hidden">
                {item.dueDate ? `due ${day(item.dueDate)}` : "no due date"}
                {item.daysPastDue !== null && item.daysPastDue > 0
                  ? `, ${item.daysPastDue} days late`
                  : ""}
                ; {formatMinor(item.total, s.currency)}
                {item.paid !== "0" ? `, paid ${formatMinor(item.paid, s.currency)}` : ""}
              </span>
            </td>
            <td className={`${TD} ${WIDE} whitespace-nowrap`}>
              {item.dueDate ? day(item.dueDate) : "—"}
            </td>
            <td className={`${TD} ${WIDE} text-right tabular-nums`}>
              {item.daysPastDue !== null && item.daysPastDue > 0 ? item.daysPastDue : "—"}
            </td>
            <td className={`${MONEY} ${WIDE}`}>
              {formatMinor(item.total, s.currency)}
              {item.paid !== "0" ? (
                <span className="block text-xs text-fg-muted">
                  paid {formatMinor(item.paid, s.currency)}
                </span>
              ) : null}
            </td>
            <td className={MONEY} data-open>
              {formatMinor(item.open, s.currency)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-line-strong font-semibold">
          <th scope="row" className={`${TD} text-left`}>
            Total open (closing balance)
          </th>
          <td className={WIDE} colSpan={3} />
          <td className={MONEY} data-balance>
            {formatMinor(s.closing, s.currency)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function AgingSummary({ s, to }: { s: CurrencyStatement; to: string }) {
  return (
    <>
      {/* A phone reads the buckets as a list; wider screens and paper as one row. */}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:hidden">
        {AGING_BUCKETS.map((b) => (
          <div key={b.key} className="contents">
            <dt className="text-fg-muted">{BUCKET_LABELS[b.key]}</dt>
            <dd className="text-right tabular-nums">{formatMinor(s.aging[b.key], s.currency)}</dd>
          </div>
        ))}
      </dl>
      <ScrollRegion label={`Aging in ${s.currency}`} className="hidden sm:block">
        <table
          className="w-full text-sm"
          aria-label={`Aging of the balance in ${s.currency}, on ${day(to)}`}
        >
          <thead className="text-left text-xs text-fg-muted">
            <tr>
              {AGING_BUCKETS.map((b) => (
                <th key={b.key} scope="col" className={`${TH} text-right`}>
                  {BUCKET_LABELS[b.key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-line">
              {AGING_BUCKETS.map((b) => (
                <td key={b.key} className={MONEY} data-aging={b.key}>
                  {formatMinor(s.aging[b.key], s.currency)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

/** One currency of the statement: its summary, its activity or open items, its aging. */
export function CurrencySection({
  s,
  period,
  view,
}: {
  s: CurrencyStatement;
  period: StatementPeriod;
  view: StatementView;
}) {
  return (
    <section
      aria-labelledby={`currency-${s.currency}`}
      className="space-y-3"
      data-statement-currency={s.currency}
    >
      <h2 id={`currency-${s.currency}`} className="text-lg font-semibold">
        In {s.currency}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4 print:grid-cols-4">
        {[
          ["Opening balance", s.opening, "opening"],
          ["Invoiced", s.charges, "charges"],
          ["Paid", s.payments, "payments"],
          ["Closing balance", s.closing, "closing"],
        ].map(([label, minor, key]) => (
          <div key={key}>
            <dt className="text-xs text-fg-muted">{label}</dt>
            <dd className="font-medium tabular-nums" data-summary={key}>
              {formatMinor(minor!, s.currency)}
            </dd>
          </div>
        ))}
      </dl>
      <ScrollRegion
        label={`${view === "activity" ? "Activity" : "Open items"} in ${s.currency}`}
        className="rounded-md border border-line bg-surface"
      >
        {view === "activity" ? <ActivityTable s={s} period={period} /> : <OpenItemsTable s={s} />}
      </ScrollRegion>
      {view === "open-items" && s.openItems.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Nothing was owed in {s.currency} on {day(period.to)}.
        </p>
      ) : null}
      <h3 className="text-sm font-semibold">Aging of the balance on {day(period.to)}</h3>
      <AgingSummary s={s} to={period.to} />
      {s.pending !== "0" ? (
        <p className="text-sm text-fg-muted" data-pending>
          Card payments awaiting funds today on these invoices: {formatMinor(s.pending, s.currency)}
          , part of the balance until the funds arrive.
        </p>
      ) : null}
    </section>
  );
}
