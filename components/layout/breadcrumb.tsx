import Link from "./link";

/**
 * The way back above a record's heading: its list, a link that looks like one, then
 * the record itself (`aria-current`). The same on the invoice, customer and contract pages.
 */
export function Breadcrumb({
  list,
  current,
}: {
  list: { href: string; label: string };
  /** the record's number or name */
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link href={list.href} className="inline-block py-1 text-accent underline">
        {list.label}
      </Link>
      <span className="text-fg-subtle"> / </span>
      <span aria-current="page">{current}</span>
    </nav>
  );
}
