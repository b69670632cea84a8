import Link from "@/components/layout/link";
import { formatDate, formatTimestamp, humanize } from "@/lib/format";
import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";
import {
  CHANGE_HEALTHS,
  type ChangesData,
  type EnteredHealth,
  type InvoicesSince,
  type PaymentsSince,
} from "@/lib/insights/changes";
import { CachedInsight } from "./cached-insight";
import { Card } from "./home-cards";
import { PartPending } from "./part-pending";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Invoices per currency: how many and their amount, the whole list one link. */
function InvoiceLines({
  data,
  amountSays,
  none,
}: {
  data: InvoicesSince;
  amountSays: string;
  none: string;
}) {
  const codes = currencyOrder(Object.keys(data.counts));
  if (codes.length === 0)
    return (
      <Link href={data.href} className="text-accent hover:underline" data-figure={0}>
        {none}
      </Link>
    );
  return (
    <Link href={data.href} className="block hover:underline">
      <ul className="space-y-1">
        {codes.map((code) => (
          <li
            key={code}
            data-currency={code}
            data-count={data.counts[code]}
            className="text-accent"
          >
            <span className="text-xl font-semibold tabular-nums">
              {plural(data.counts[code] ?? 0, "invoice", "invoices")}
            </span>{" "}
            <span className="text-sm text-fg-muted" data-amount={data.amounts[code] ?? "0"}>
              {formatMinor(data.amounts[code] ?? "0", code)} {amountSays}
            </span>
          </li>
        ))}
      </ul>
    </Link>
  );
}

function PaymentLines({ data }: { data: PaymentsSince }) {
  const codes = currencyOrder(Object.keys(data.byCurrency));
  return (
    <>
      <Link
        href={data.href}
        className="text-xl font-semibold text-accent hover:underline"
        data-figure={data.count}
      >
        {plural(data.count, "payment", "payments")}
      </Link>
      {codes.length > 0 || data.noCurrency > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm text-fg-muted tabular-nums">
          {codes.map((code) => (
            <li key={code} data-currency={code} data-count={data.byCurrency[code]!.count}>
              {formatMinor(data.byCurrency[code]!.amount, code)} in{" "}
              {plural(data.byCurrency[code]!.count, "payment", "payments")}
            </li>
          ))}
          {data.noCurrency > 0 ? (
            <li data-no-currency={data.noCurrency}>
              {plural(data.noCurrency, "payment", "payments")} in no currency (payments carry none:
              their payer bills in several, none, or is not named), not summed
            </li>
          ) : null}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-fg-muted">
        The first rows of the payments list, newest received first.
      </p>
    </>
  );
}

function EnteredLines({ data }: { data: Record<(typeof CHANGE_HEALTHS)[number], EnteredHealth> }) {
  return (
    <ul className="space-y-2">
      {CHANGE_HEALTHS.map((health) => {
        const entered = data[health];
        const more = entered.count - entered.customers.length;
        return (
          <li key={health} data-health={health}>
            <Link
              href={entered.href}
              className="font-semibold text-accent hover:underline"
              data-figure={entered.count}
            >
              {plural(entered.count, "customer", "customers")} now {humanize(health)}
            </Link>
            {entered.customers.length > 0 ? (
              <span className="block text-sm text-fg-muted">
                {entered.customers.map((c, i) => (
                  <span key={c.id}>
                    {i > 0 ? ", " : null}
                    <Link href={`/customers/${c.id}`} className="text-accent hover:underline">
                      {c.name}
                    </Link>
                  </span>
                ))}
                {more > 0 ? ` and ${more.toLocaleString("en-US")} more` : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** What "since" means on this day: the kept figures compared with, and the day dates count from. */
function SinceLine({ data }: { data: ChangesData }) {
  if (!data.base)
    return (
      <p className="text-sm text-fg-muted" data-testid="changes-first-day">
        First day: nothing to compare yet. Today&apos;s figures are kept and compared from tomorrow.
      </p>
    );
  return (
    <p className="text-sm text-fg-muted" data-testid="changes-since">
      Compared with the last figures kept on {formatDate(data.base.day)} (as of{" "}
      <time dateTime={data.base.takenAt}>{formatTimestamp(data.base.takenAt, "UTC")}</time>). Dated
      figures count from the start of <time dateTime={data.from}>{formatDate(data.from)}</time>{" "}
      (UTC) to now.
    </p>
  );
}

/**
 * The home page's "What changed since yesterday": per currency, the invoices that
 * became overdue and those issued, the payments received, and the customers who
 * entered Renewal due or Ending, each opening the list it was read from.
 */
export function HomeChanges({
  data,
  reading,
}: {
  data: ChangesData | undefined;
  reading: boolean;
}) {
  return (
    <div data-testid="home-changes">
      {!data ? (
        <PartPending reading={reading} />
      ) : (
        <>
          <SinceLine data={data} />
          {data.base ? (
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <Card
                title="Became overdue"
                testId="changes-overdue"
                section={data.overdue}
                reading={reading}
              >
                {(o) => <InvoiceLines data={o} amountSays="still owed" none="None" />}
              </Card>
              <Card
                title="Payments received"
                testId="changes-payments"
                section={data.payments}
                reading={reading}
              >
                {(p) => <PaymentLines data={p} />}
              </Card>
              <Card
                title={`Entered ${humanize("RENEWAL_DUE")} or ${humanize("ENDING")}`}
                testId="changes-entered"
                section={data.entered}
                reading={reading}
              >
                {(e) =>
                  e ? (
                    <EnteredLines data={e} />
                  ) : (
                    <p className="text-sm text-fg-muted">
                      Nothing to compare yet: the kept figures hold no customers.
                    </p>
                  )
                }
              </Card>
              <Card
                title="Invoices issued"
                testId="changes-issued"
                section={data.issued}
                reading={reading}
              >
                {(i) => <InvoiceLines data={i} amountSays="in total" none="None" />}
              </Card>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The changes view's last result under its own "as of" line: the home page's one insertion. */
export function HomeChangesInsight() {
  return (
    <section aria-labelledby="changes-title" className="mt-10">
      <h2 id="changes-title" className="mb-2 text-lg font-semibold">
        What changed since yesterday
      </h2>
      <CachedInsight
        view="changes"
        what="overdue and issued invoices, payments, and customers in Renewal due or Ending"
        freshnessLabel="Data freshness of what changed since yesterday"
      >
        {(shown) => <HomeChanges data={shown.parts.changes} reading={shown.reading} />}
      </CachedInsight>
    </section>
  );
}
