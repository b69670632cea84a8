import Link from "@/components/layout/link";
import {
  PERIOD_PRESETS,
  presetOfPeriod,
  presetPeriod,
  type StatementRequest,
  statementHref,
  statementQuery,
} from "@/lib/statement/period";
import { CustomPeriod } from "./custom-period";
import { PrintButton } from "./print-button";

const CHOICE =
  "inline-block rounded-md border border-line px-2.5 py-1 text-sm hover:bg-surface-muted aria-[current=page]:border-accent aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent";
const BUTTON =
  "rounded-md border border-line-strong bg-surface px-3 py-1.5 text-sm font-medium text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent";

/**
 * The statement's controls, left out of print: its period (presets, or custom dates
 * from a calendar), activity or open items only, and its CSV and print. Each choice
 * is a plain link: the URL holds the statement, so it can be shared and reloaded.
 */
export function StatementToolbar({
  customerId,
  request,
  today,
}: {
  customerId: string;
  request: StatementRequest;
  today: string;
}) {
  const preset = presetOfPeriod(request, today);
  const query = statementQuery(request, today);
  return (
    <div className="mb-5 space-y-3 print:hidden">
      <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
        <nav aria-label="Statement period" className="flex flex-wrap items-start gap-2">
          <ul className="flex flex-wrap gap-2">
            {PERIOD_PRESETS.map((p) => (
              <li key={p.id}>
                <Link
                  href={statementHref(
                    customerId,
                    { ...request, ...presetPeriod(p.id, today) },
                    today,
                  )}
                  aria-current={preset === p.id ? "page" : undefined}
                  className={CHOICE}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
          <CustomPeriod
            customerId={customerId}
            request={request}
            today={today}
            className={CHOICE}
          />
        </nav>
        <nav aria-label="Statement view">
          <ul className="flex flex-wrap gap-2">
            {(
              [
                ["activity", "All activity"],
                ["open-items", "Open items only"],
              ] as const
            ).map(([view, label]) => (
              <li key={view}>
                <Link
                  href={statementHref(customerId, { ...request, view }, today)}
                  aria-current={request.view === view ? "page" : undefined}
                  className={CHOICE}
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={`/customers/${customerId}/statement/export${query ? `?${query}` : ""}`}
          download
          className={BUTTON}
        >
          Download CSV
        </a>
        <PrintButton className={BUTTON} />
        <p className="text-xs text-fg-muted">Prints on A4 or Letter, the statement alone.</p>
      </div>
    </div>
  );
}
