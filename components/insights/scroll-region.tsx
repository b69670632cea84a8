import type { ReactNode } from "react";

/**
 * A table's box that scrolls sideways when the table is wider than the screen: a
 * labelled, focusable region, so keyboard users can scroll it too.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-accent ${className}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus, or keyboards cannot scroll it
      tabIndex={0}
    >
      {children}
    </section>
  );
}
