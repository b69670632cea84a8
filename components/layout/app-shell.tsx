"use client";

import { usePathname } from "next/navigation";
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useMemo,
  useRef,
  useState,
} from "react";
import { OutlineIcon } from "./outline-icon";

/**
 * Closes the folded navigation: for what navigates from inside it without a link
 * click (the command palette it opens, which renders outside it).
 */
export const SiteMenuContext = createContext<{ closeMenu: () => void }>({
  closeMenu: () => {},
});

/**
 * The page frame: the top bar, the navigation and the page. From 1024 px the
 * navigation is a sidebar; below, it folds behind the Menu button at the end of the
 * top bar and opens under it, before the page (next in tab order after the button).
 * The disclosure pattern for site navigation, written out rather than React Aria's
 * Disclosure, whose collapsed panel is hidden from assistive technology at every
 * width (the sidebar would be too) and which needs button and panel in one wrapper.
 * Esc closes it (focus back on the button), and so does any navigation: a link
 * followed, a jump from the palette, Back or Forward.
 */
export function AppShell({
  brand,
  bar,
  nav,
  children,
}: {
  brand: ReactNode;
  /** the top bar's own content: the demo note or who is signed in, the theme */
  bar: ReactNode;
  nav: ReactNode;
  children: ReactNode;
}) {
  const pathname = usePathname();
  // Open on the page where it was opened only: another page closes it, however reached.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const menu = useMemo(() => ({ closeMenu: () => setOpenOn(null) }), []);
  const button = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    button.current?.focus();
  };
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) setOpen(false);
  };

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
      <header className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-surface px-4 py-1.5 lg:col-start-2 lg:row-start-1 lg:px-6">
        <div className="lg:hidden">{brand}</div>
        {bar}
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen(!open)}
          onKeyDown={closeOnEscape}
          className="flex shrink-0 items-center gap-1.5 rounded-md border border-line-strong px-2.5 py-1 text-sm font-medium max-lg:min-h-11 max-lg:px-3 text-fg hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent lg:hidden"
        >
          <OutlineIcon path={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"} />
          Menu
        </button>
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Esc and link clicks bubble from the links inside */}
      <div
        id="site-nav"
        onKeyDown={closeOnEscape}
        onClick={closeOnLink}
        className={`${open ? "block" : "hidden"} border-b border-line bg-surface-muted px-3 py-4 lg:sticky lg:top-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:block lg:h-screen lg:overflow-y-auto lg:border-r lg:border-b-0 lg:py-5`}
      >
        <SiteMenuContext value={menu}>{nav}</SiteMenuContext>
      </div>
      <div className="min-w-0 lg:col-start-2 lg:row-start-2">{children}</div>
    </div>
  );
}
