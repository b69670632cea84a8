/** What the API lets each figure date, and what it cannot (docs/api.md, Invoice and Payment). */
export function WhatIsDated() {
  return (
    <details className="rounded-md border border-line bg-surface px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">What each figure can and cannot date</summary>
      <dl className="mt-2 space-y-2 text-fg-muted">
        <div>
          <dt className="font-medium text-fg">Invoiced</dt>
          <dd>Issued invoices' totals by the month of their issue day: exact.</dd>
        </div>
        <div>
          <dt className="font-medium text-fg">Collected (posted)</dt>
          <dd>
            Payments posted to invoices, by the day they covered the total (paidAt), else the day of
            the latest one (lastPaidAt). An invoice paid in parts counts all its payments in the
            month of the latest: the API does not date each earlier payment on an invoice.
          </dd>
        </div>
        <div>
          <dt className="font-medium text-fg">Payments received</dt>
          <dd>
            Payments by the day they were received, counted only for customers billed in one
            currency, since a payment carries no currency. Unapplied cash counts here too.
          </dd>
        </div>
        <div>
          <dt className="font-medium text-fg">Owed and overdue at month end</dt>
          <dd>
            Exact when nothing was paid on an invoice after that month ended. Otherwise the API
            cannot say how much of its payments had arrived by then, so the figure is shown as a
            range: at least what it owes now, at most its total. The current month's is owed today.
          </dd>
        </div>
      </dl>
    </details>
  );
}
