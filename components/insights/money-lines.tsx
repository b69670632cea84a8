import { currencyOrder, formatMinor } from "@/lib/insights/aggregate";

/** Sums per currency, one line each, never added together. */
export function MoneyLines({
  sums,
  empty = "—",
}: {
  sums: Record<string, string | { value: number; currencyCode: string }>;
  empty?: string;
}) {
  const codes = currencyOrder(Object.keys(sums));
  if (codes.length === 0) return <span className="text-slate-500">{empty}</span>;
  return (
    <span className="flex flex-col">
      {codes.map((code) => {
        const v = sums[code]!;
        return (
          <span key={code} className="whitespace-nowrap tabular-nums">
            {formatMinor(typeof v === "string" ? v : String(v.value), code)}
          </span>
        );
      })}
    </span>
  );
}
