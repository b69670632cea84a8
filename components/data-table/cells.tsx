import type { ReactNode } from "react";
import Link from "@/components/layout/link";
import type { TableColumn } from "./table-columns";
import { TALL_CARD_ROW_HEIGHT } from "./table-geometry";

/**
 * What the lists' cells are made of (components/<list>/*-columns.tsx): links out of
 * the tab order, money lines, and the card a phone shows in place of the columns.
 */

/**
 * A link inside a row, out of the tab order: the table is one tab stop, its rows
 * move with the arrow keys and j/k, Enter opens the row (as a click on it does).
 */
export function CellLink({
  href,
  className,
  title,
  label,
  children,
}: {
  href: string;
  className?: string;
  title?: string;
  /** its name for screen readers, when the text alone does not say it ("Invoices") */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link tabIndex={-1} href={href} className={className} title={title} aria-label={label}>
      {children}
    </Link>
  );
}

/**
 * A money cell: one line per currency, in tabular figures, at one size. The row holds
 * two lines: with three currencies or more the second says how many more, and the
 * cell's title and its screen-reader text name them all.
 */
export function AmountLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <span className="text-fg-subtle">—</span>;
  if (lines.length === 1) return <span data-amount>{lines[0]}</span>;
  const [first, ...rest] = lines;
  return (
    <ul data-amount title={lines.join("\n")} className="-my-1 leading-4">
      <li>{first}</li>
      {rest.length === 1 ? (
        <li>{rest[0]}</li>
      ) : (
        // Smaller text on the whole line: mixed sizes in one line would make it taller.
        <li className="text-xs text-fg-muted">
          <span aria-hidden="true">+{rest.length} more</span>
          <span className="sr-only">{rest.join(", ")}</span>
        </li>
      )}
    </ul>
  );
}

/**
 * The phone layout's column: a card of the row's key columns in two lines, its name
 * and state over what it is about, the figure people decide on at the right.
 */
export function cardColumn<Row>(
  header: string,
  card: (record: Row) => Parameters<typeof RowCard>[0],
): TableColumn<Row> {
  return {
    id: "card",
    header,
    enableHiding: false,
    meta: { card: true },
    cell: ({ row }) => <RowCard {...card(row.original)} />,
  };
}

export function RowCard({
  title,
  badge,
  figure,
  subtitle,
  aside,
}: {
  title: ReactNode;
  badge?: ReactNode;
  /** the amount (right-aligned, never cut) */
  figure?: ReactNode;
  subtitle?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium">{title}</span>
          {badge}
        </span>
        {figure !== undefined ? (
          <span
            data-amount
            className="shrink-0 whitespace-nowrap text-right font-medium tabular-nums"
          >
            {figure}
          </span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-3 text-xs text-fg-muted">
        <span className="min-w-0 truncate">{subtitle}</span>
        {aside !== undefined ? <span className="shrink-0 whitespace-nowrap">{aside}</span> : null}
      </div>
    </div>
  );
}

/**
 * A card of three lines, for a row whose name must never be cut beside a long state
 * ("INV-2025-006284 · Card payment pending"): its name and state; what it is about
 * beside the labelled figure; then a detail beside a note on the figure.
 */
export function tallCardColumn<Row>(
  header: string,
  card: (record: Row) => Parameters<typeof TallRowCard>[0],
): TableColumn<Row> {
  return {
    id: "card",
    header,
    enableHiding: false,
    meta: { card: true, cardHeight: TALL_CARD_ROW_HEIGHT },
    cell: ({ row }) => <TallRowCard {...card(row.original)} />,
  };
}

export function TallRowCard({
  title,
  badge,
  subtitle,
  figureLabel,
  figure,
  detail,
  figureNote,
}: {
  title: ReactNode;
  badge?: ReactNode;
  subtitle?: ReactNode;
  /** what the figure is ("Owed", "Total"), before it */
  figureLabel: string;
  /** the amount (right-aligned, never cut) */
  figure: ReactNode;
  detail?: ReactNode;
  /** under the figure: what else there is to know about it */
  figureNote?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <div className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 whitespace-nowrap font-medium">{title}</span>
        <span className="min-w-0 truncate *:align-top">{badge}</span>
      </div>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 truncate text-fg-muted">{subtitle}</span>
        <span className="shrink-0 whitespace-nowrap text-right">
          <span className="text-xs text-fg-muted">{figureLabel} </span>
          <span data-amount className="font-medium tabular-nums">
            {figure}
          </span>
        </span>
      </div>
      <div className="flex items-center justify-between gap-3 text-xs text-fg-muted">
        <span className="min-w-0 truncate">{detail}</span>
        {figureNote ? <span className="shrink-0 whitespace-nowrap">{figureNote}</span> : null}
      </div>
    </div>
  );
}
