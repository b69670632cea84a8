import { formatMoneyByCurrency, type MoneyLike } from "@/lib/format";

/**
 * Per-currency amounts, one line each and never summed. Table rows have a fixed
 * height (virtualized), so two currencies share it in a smaller type; the full list
 * is in the title either way.
 */
export function MoneyLines({ amounts }: { amounts: Record<string, MoneyLike> }) {
  const lines = formatMoneyByCurrency(amounts);
  if (lines.length === 0) return <span className="text-fg-subtle">—</span>;
  if (lines.length === 1) return <span>{lines[0]}</span>;
  return (
    <ul title={lines.join("\n")} className="text-xs leading-3">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
