/**
 * A count read up to a cap: "10,000+" when the list holds more (the walk stopped
 * there; the list itself is a click away), the exact count otherwise.
 */
export function CappedFigure({ count, capped }: { count: number; capped: boolean }) {
  return (
    <span
      className="tabular-nums"
      title={capped ? `At least ${count.toLocaleString("en-US")}: counted no further` : undefined}
    >
      {count.toLocaleString("en-US")}
      {capped ? "+" : ""}
    </span>
  );
}
