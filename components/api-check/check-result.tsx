import { Badge } from "@/components/badges";
import {
  type CheckItem,
  type CheckResult,
  countOutcomes,
  describeAffected,
  type Outcome,
  verdictSentence,
} from "@/lib/api-check/result";
import { Timestamp } from "../timestamp";

const OUTCOME_BADGES: Record<Outcome, { tone: "red" | "amber" | "green" | "gray"; label: string }> =
  {
    breaks: { tone: "red", label: "Breaks" },
    harmless: { tone: "amber", label: "Harmless" },
    works: { tone: "green", label: "Works" },
    skipped: { tone: "gray", label: "Skipped" },
  };

const VERDICT_STYLES = {
  works: "border-success-line bg-success-soft text-success",
  harmless: "border-warning-line bg-warning-soft text-warning",
  breaks: "border-danger-line bg-danger-soft text-danger",
} as const;

/** One probe: what was asked, what came back, and the pages a difference reaches. */
function ItemRow({ item }: { item: CheckItem }) {
  const badge = OUTCOME_BADGES[item.outcome];
  return (
    <li className="grid gap-1 py-2" data-outcome={item.outcome}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        <code className="text-xs font-medium">{item.route}</code>
        {item.probe ? <code className="break-all text-xs text-fg-subtle">{item.probe}</code> : null}
      </div>
      <p className="break-words text-sm">{item.finding}</p>
      {item.affects.length > 0 ? (
        <p className="break-words text-sm text-fg-muted">
          <span className="font-medium">Pages affected:</span> {describeAffected(item.affects)}
        </p>
      ) : null}
    </li>
  );
}

function ItemList({ items, label }: { items: CheckItem[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-line">
      {items.map((item, i) => (
        // Items have no id; their order is fixed by the check.
        // biome-ignore lint/suspicious/noArrayIndexKey: a result's items never reorder
        <ItemRow key={i} item={item} />
      ))}
    </ul>
  );
}

/** A check's result: its verdict, when and by whom it ran, the differences, and (folded) what works. */
export function CheckResultView({ result }: { result: CheckResult }) {
  const counts = countOutcomes(result.items);
  const differences = result.items.filter(
    (i) => i.outcome === "breaks" || i.outcome === "harmless",
  );
  const rest = result.items.filter((i) => i.outcome === "works" || i.outcome === "skipped");
  const seconds = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000;
  return (
    <div className="grid gap-3" data-testid="api-check-result" data-verdict={result.verdict}>
      <div
        role="status"
        className={`rounded-md border p-3 text-sm ${VERDICT_STYLES[result.verdict]}`}
      >
        <p className="font-medium">{verdictSentence(result)}</p>
        <p className="mt-1">
          Checked <Timestamp iso={result.finishedAt} /> by{" "}
          {result.ranBy === "dashboard" ? "this dashboard" : "the command line"}: {result.requests}{" "}
          requests in {seconds.toFixed(1)} s to {result.api}.
        </p>
      </div>
      {differences.length > 0 ? (
        <section aria-labelledby="check-differences">
          <h3 id="check-differences" className="text-sm font-medium">
            Differences ({counts.breaks} breaking, {counts.harmless} harmless)
          </h3>
          <ItemList items={differences} label="Differences" />
        </section>
      ) : null}
      {/* The platform's disclosure rather than React Aria's: a fold needs no script on /key's first load. */}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          What works ({counts.works}){counts.skipped > 0 ? `, not probed (${counts.skipped})` : ""}
        </summary>
        <ItemList items={rest} label="What works" />
      </details>
    </div>
  );
}
