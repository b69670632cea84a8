import Link from "@/components/layout/link";
import { formatCount, humanize } from "@/lib/format";

const BAR_COLORS: Record<string, string> = {
  RENEWAL_DUE: "bg-red-500",
  ENDING: "bg-amber-500",
  HEALTHY: "bg-emerald-500",
  UPCOMING: "bg-blue-500",
  NO_ACTIVE_CONTRACT: "bg-slate-400",
  DRAFT_ONLY: "bg-violet-500",
  NO_CONTRACTS: "bg-slate-300",
};

/** Customers per health state as bars; each label is a link to the list it counts. */
export function HealthChart({
  counts,
}: {
  counts: { health: string; count: number; href: string }[];
}) {
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <ul aria-label="Customers per contract health" className="space-y-2">
      {counts.map(({ health, count, href }) => (
        <li
          key={health}
          className="grid grid-cols-[8rem_1fr] items-center gap-3 sm:grid-cols-[11rem_1fr] text-sm"
        >
          <Link
            href={href}
            className="text-accent underline-offset-2 hover:underline"
            data-health={health}
          >
            {humanize(health)}:{" "}
            <span className="tabular-nums font-medium">{formatCount(count)}</span>
          </Link>
          <span aria-hidden="true" className="h-3 rounded bg-surface-muted">
            <span
              className={`block h-3 rounded ${BAR_COLORS[health] ?? "bg-slate-400"}`}
              style={{ width: `${(count / max) * 100}%` }}
            />
          </span>
        </li>
      ))}
    </ul>
  );
}
