"use client";

import { lazy, Suspense, useCallback, useContext, useEffect, useRef, useState } from "react";
import { SiteMenuContext } from "../layout/app-shell";
import { hasModifier, shortcutApplies } from "../shortcuts/applies";
import { OverlayLoading } from "../states/overlay-loading";
import { PaletteShell } from "./palette-shell";

// Loaded on first use (or when the pointer nears the button): the palette and React
// Aria add nothing to any page's first load. React.lazy rather than next/dynamic: both
// are only rendered after a key or a click (never on the server), and next/dynamic's
// loader would itself add ~1 kB to every page.
const loadPalette = () => import("./command-palette");
const CommandPalette = lazy(loadPalette);
const ShortcutsHelp = lazy(() => import("../shortcuts/shortcuts-help"));

/**
 * The navigation's "Search or jump to…" button and the page-wide shortcuts:
 * Ctrl/Cmd+K opens the command palette, `/` focuses the list's search (or its first
 * filter; the palette where there is no list), `?` shows the shortcuts.
 */
export function PaletteLauncher() {
  const [open, setOpenState] = useState<"palette" | "help" | null>(null);
  const [mac, setMac] = useState(false);
  const { closeMenu } = useContext(SiteMenuContext);
  // What is open, for the page-wide keys: a second Ctrl+K does not stack a palette.
  const shown = useRef(open);
  const setOpen = useCallback((next: typeof open) => {
    shown.current = next;
    setOpenState(next);
  }, []);
  // Where focus was when the palette opened: Esc puts it back there.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openPalette = useCallback(() => {
    if (shown.current) return;
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen("palette");
  }, [setOpen]);
  const closePalette = useCallback(
    (returnFocusTo: "opener" | "none") => {
      setOpen(null);
      if (returnFocusTo === "opener") returnFocus.current?.focus({ preventScroll: true });
    },
    [setOpen],
  );

  useEffect(() => {
    // Seen before the combobox's own handler closes its list (capture runs first).
    let suggestionsOpenAtKeyDown = false;
    setMac(/Mac|iPhone|iPad/.test(navigator.platform));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey) {
        // Works while typing too: it is how people reach the palette from anywhere.
        event.preventDefault();
        openPalette();
        return;
      }
      if (
        event.key === "Escape" &&
        isListSearch(event.target) &&
        // A combobox's first Esc closes its suggestions only; the next leaves the field.
        !suggestionsOpenAtKeyDown
      ) {
        // Leave the search for the rows (j/k), keeping what was typed.
        event.preventDefault();
        (event.target as HTMLElement).blur();
        return;
      }
      if (!shortcutApplies(event)) return;
      if (event.key === "/") {
        event.preventDefault();
        if (!focusListSearch() && !focusListSearchOnArrival()) openPalette();
      } else if (event.key === "?" && !hasModifier(event)) {
        event.preventDefault();
        if (!shown.current) setOpen("help");
      }
    };
    const beforeKeyDown = (event: KeyboardEvent) => {
      suggestionsOpenAtKeyDown =
        event.target instanceof HTMLElement &&
        event.target.getAttribute("aria-expanded") === "true";
    };
    document.addEventListener("keydown", beforeKeyDown, true);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", beforeKeyDown, true);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [openPalette, setOpen]);

  return (
    <>
      <button
        type="button"
        onClick={openPalette}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        aria-keyshortcuts="Control+K Meta+K"
        className="mb-3 flex w-full items-center justify-between gap-2 rounded-md border border-line-strong bg-surface px-3 py-1.5 text-left text-sm text-fg-muted hover:text-fg max-lg:min-h-11"
      >
        <span>Jump to…</span>
        {/* No keyboard hint on a touch screen, where no keyboard is at hand. */}
        <kbd className="whitespace-nowrap rounded border border-line-strong bg-surface-muted px-1 font-sans text-xs text-fg-muted pointer-coarse:hidden">
          {mac ? "⌘K" : "Ctrl K"}
        </kbd>
      </button>
      {open ? (
        // React Aria's modals render into <body>: below 1024 px this button sits in the
        // folded navigation (display: none).
        open === "palette" ? (
          <LoadingPalette
            onClose={(how) => {
              if (how === "navigating") closeMenu();
              closePalette(how === "opener" ? "opener" : "none");
            }}
          />
        ) : (
          <Suspense fallback={<OverlayLoading onCancel={() => setOpen(null)} />}>
            <ShortcutsHelp onClose={() => setOpen(null)} />
          </Suspense>
        )
      ) : null}
    </>
  );
}

/**
 * The palette as its script loads: the early field (palette-shell.tsx) takes what is
 * typed, and an Enter, which the palette starts from once it is here.
 */
function LoadingPalette({ onClose }: { onClose: (how: "navigating" | "opener" | "none") => void }) {
  const [typedEarly, setTypedEarly] = useState("");
  // The text Enter was pressed on in the early field: the palette opens its first match.
  const [enterEarly, setEnterEarly] = useState<string | null>(null);
  return (
    <Suspense
      fallback={
        <PaletteShell
          text={typedEarly}
          onTextChange={setTypedEarly}
          onEnter={() => setEnterEarly(typedEarly)}
          onClose={(back) => onClose(back ? "opener" : "none")}
        />
      }
    >
      <CommandPalette
        initialText={typedEarly}
        enterEarly={enterEarly !== null && enterEarly === typedEarly}
        onClose={(navigating) => onClose(navigating ? "navigating" : "opener")}
      />
    </Suspense>
  );
}

/**
 * Focuses the page's list search: the first input marked `data-list-search` (a name
 * search, or the customer picker on lists searched by customer), else the first
 * control of the filter bar. False when the page has neither.
 */
function focusListSearch(): boolean {
  const main = document.getElementById("main") ?? document.body;
  const target =
    main.querySelector<HTMLElement>("[data-list-search]") ??
    main.querySelector<HTMLElement>(
      "search[aria-label='Filters'] :is(input, select, button):not([disabled])",
    );
  if (!target) return false;
  target.focus();
  if (target instanceof HTMLInputElement) target.select();
  return true;
}

/** The wait for a loading list's search, while one runs. */
let searchArrival: (() => void) | null = null;

/**
 * On a list still loading (its skeleton shows): focuses its search as it arrives,
 * unless the person has moved the focus meanwhile. True when it waits. On a list page
 * `/` means the list's search, a moment away, not the palette, even while the list
 * streams in or its part of the page loads.
 */
function focusListSearchOnArrival(): boolean {
  if (!document.querySelector("[data-list-loading]")) return false;
  if (searchArrival) return true;
  const focusedAtPress = document.activeElement;
  const observer = new MutationObserver(() => {
    if (document.activeElement !== focusedAtPress) stop();
    else if (focusListSearch() || !document.querySelector("[data-list-loading]")) stop();
  });
  const giveUp = setTimeout(() => stop(), 30_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(giveUp);
    searchArrival = null;
  };
  observer.observe(document.body, { childList: true, subtree: true });
  searchArrival = stop;
  return true;
}

function isListSearch(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.hasAttribute("data-list-search");
}
