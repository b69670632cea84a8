import type { CustomerRecord } from "@/lib/api/client";
import { formatDate, formatTimestamp } from "@/lib/format";
import type { Statement } from "@/lib/statement/compute";
import type { StatementView } from "@/lib/statement/period";
import { CashPaymentsSection } from "./statement-cash";
import { CurrencySection } from "./statement-currency";
import "./statement-print.css";

const day = (d: string) => formatDate(`${d}T00:00:00.000Z`);

interface SheetProps {
  customer: CustomerRecord;
  /** the business sending it (the API key's), when the key could be read */
  entityName: string | null;
  statement: Statement;
  view: StatementView;
  readAt: string;
}

function SheetHeader({ customer, entityName, statement, view, readAt }: SheetProps) {
  const { period } = statement;
  return (
    <header className="grid gap-4 border-b border-line pb-4 sm:grid-cols-2 print:grid-cols-2">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">
          {view === "open-items" ? "Statement of open items" : "Statement of account"}
        </h1>
        {entityName ? <p className="text-sm text-fg-muted">From {entityName}</p> : null}
        <div className="mt-3 text-sm" data-testid="bill-to">
          <p className="text-xs font-medium text-fg-muted">To</p>
          <p className="font-semibold">{customer.name}</p>
          <p className="break-words">{customer.billingEmail}</p>
          {customer.invoiceCcEmails.length > 0 ? (
            <p className="break-words text-fg-muted">
              Copy to {customer.invoiceCcEmails.join(", ")}
            </p>
          ) : null}
          <p className="break-all font-mono text-xs text-fg-muted">Customer {customer.id}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 text-sm sm:justify-self-end print:justify-self-end">
        <dt className="text-fg-muted">Statement date</dt>
        <dd data-testid="statement-date">{day(period.to)}</dd>
        <dt className="text-fg-muted">Period</dt>
        <dd data-testid="statement-period">
          {day(period.from)} – {day(period.to)}
        </dd>
        <dt className="text-fg-muted">Read</dt>
        <dd>{formatTimestamp(readAt, "UTC")}</dd>
      </dl>
    </header>
  );
}

/**
 * The statement as a customer would receive it: who it is from and to, then per
 * currency its balances and lines (or open items) and aging, then the cash payments
 * received. Printed, it is all that shows (statement-print.css).
 */
export function StatementSheet({ customer, entityName, statement, view, readAt }: SheetProps) {
  const { period } = statement;
  return (
    <article className="statement-sheet space-y-6 rounded-md border border-line bg-surface p-4 sm:p-6 print:border-0 print:p-0">
      <SheetHeader
        customer={customer}
        entityName={entityName}
        statement={statement}
        view={view}
        readAt={readAt}
      />
      {statement.statements.length === 0 ? (
        <p className="text-sm text-fg-muted" data-testid="no-invoices">
          No invoice was issued to this customer by {day(period.to)}: nothing to state.
        </p>
      ) : (
        statement.statements.map((s) => (
          <CurrencySection key={s.currency} s={s} period={period} view={view} />
        ))
      )}
      <CashPaymentsSection cash={statement.cash} currencies={statement.currencies} />
      <footer className="border-t border-line pt-3 text-xs text-fg-muted">
        <p>
          Balances are per currency; amounts in different currencies are never added. Each invoice
          counts on its issue day. What it records as paid (posted payments, card ones included)
          counts on the day of its latest payment: the API says how much each invoice has been paid
          and when last, not which payment paid it nor when each earlier part came.
        </p>
      </footer>
    </article>
  );
}
