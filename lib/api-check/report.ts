import {
  type CheckItem,
  type CheckResult,
  describeAffected,
  exitCodeOf,
  type Outcome,
  verdictSentence,
} from "./result";

const LABELS: Record<Outcome, string> = {
  breaks: "BREAKS",
  harmless: "differs",
  works: "works",
  skipped: "skipped",
};

const SECTIONS: { outcome: Outcome; title: string }[] = [
  { outcome: "breaks", title: "Differences that make a page fail (BREAKS)" },
  { outcome: "harmless", title: "Harmless differences (shown as they are, nothing fails)" },
  { outcome: "skipped", title: "Not probed" },
  { outcome: "works", title: "What works" },
];

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * One row a line, so that each difference is one line a person can read and a
 * script can grep: the short columns padded, the finding and the pages it
 * reaches last. Written here rather than with a table library, which wraps long
 * cells over several lines.
 */
function rows(items: CheckItem[]): string[] {
  const route = Math.min(34, Math.max(...items.map((i) => i.route.length)));
  const probe = Math.min(44, Math.max(...items.map((i) => i.probe.length)));
  return items.map((item) => {
    const affects = item.affects.length > 0 ? `  → ${describeAffected(item.affects)}` : "";
    return [
      LABELS[item.outcome].padEnd(8),
      clip(item.route, route).padEnd(route),
      clip(item.probe, probe).padEnd(probe),
      `${item.finding}${affects}`,
    ].join("  ");
  });
}

/** The check as the command line prints it: a section per outcome, the verdict and exit code last. */
export function formatReport(result: CheckResult, stored: string): string {
  const lines = [`Checked ${result.api}: ${result.requests} requests, ${seconds(result)} s.`, ""];
  for (const section of SECTIONS) {
    const items = result.items.filter((i) => i.outcome === section.outcome);
    if (items.length === 0) continue;
    lines.push(`${section.title}: ${items.length}`, ...rows(items), "");
  }
  const code = exitCodeOf(result.verdict);
  lines.push(
    `${verdictSentence(result)}`,
    code === 0
      ? `Exit 0: ${result.verdict === "works" ? "everything works" : "only harmless differences"}.`
      : "Exit 1: a page would fail (lines marked BREAKS, with the pages they reach).",
    stored,
  );
  return `${lines.join("\n")}\n`;
}

function seconds(result: CheckResult): string {
  return ((Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000).toFixed(1);
}
