"use client";

import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { rememberTableWidth } from "../data-table/table-width";

/**
 * A part of a page that is in the server's HTML at once but whose script loads on the
 * first sign that the person is about to use it (the pointer over it, a touch, the
 * focus, a scroll, a key) rather than with the page: a list's table, its filters and
 * TanStack Query are most of what a list page adds to the framework's script.
 *
 * While its script is away the part is left dehydrated: React keeps the server's DOM
 * as it is (a lazy component suspended while hydrating) and hydrates it in place once
 * the script is here, so nothing is redrawn and the scroll position and the focus stay.
 * Links inside work meanwhile (plain navigations); a click or a key meant for a
 * control is held and given again once the part answers, since React drops events on
 * parts it has not hydrated. Rendered later in the browser (a navigation in the app)
 * the part loads at once, its `fallback` showing meanwhile.
 *
 * Hand-written (about 150 lines): the libraries for deferred hydration are unkept
 * (react-lazy-hydration, last released in 2021) and none replays the held events.
 */
export function deferredIsland<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  options: {
    fallback?: ReactNode;
    /** its table's measured width is the one list pages are laid out for (table-width.ts) */
    remembersTableWidth?: boolean;
    /** keys pressed anywhere on the page are meant for this part (a list's j/k/Enter) */
    pageKeys?: boolean;
    /**
     * load at once when this says the part is needed now: a reload that restores a
     * place, or nothing for the part to show until its script asks (the server's read failed)
     */
    neededNow?: (props: P) => boolean;
  } = {},
) {
  let loaded: ComponentType<P> | null = null;
  let module: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    module ??= load().then((m) => {
      loaded = m.default;
      return m;
    });
    return module;
  };
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  const WhenWanted = lazy(() => gate.then(loadOnce));
  const AtOnce = lazy(loadOnce);

  // biome-ignore lint/correctness/noComponentHookFactories: made once per island, at module level
  function Island(props: P) {
    // Chosen once per mount (a change of component type would remount the part), and
    // without a state that changes after hydrating: an update to a part React has not
    // hydrated yet makes it drop the server's HTML and show the fallback.
    const [Part] = useState<ComponentType<P>>(() => {
      if (typeof window === "undefined") return loaded ?? AtOnce;
      if (loaded) return loaded;
      return serverHtmlWaiting(name) ? WhenWanted : AtOnce;
    });
    const deferred = Part === WhenWanted;
    const ref = useRef<HTMLDivElement>(null);
    const held = useRef<HeldEvents | null>(null);
    const tableLater = useRef<MutationObserver | null>(null);
    const neededNow = useRef(() => options.neededNow?.(props) ?? false);
    // New props from the server (a link to the same page with other filters, another
    // record's page) while the part still waits: React cannot apply them to HTML it
    // has not hydrated, and the navigation would wait, unseen, for the next sign of
    // use (clicking "Invoices" on a filtered list did nothing). Load it now: opening
    // the gate is idempotent, so safe during render, and the navigation's render (which
    // commits nothing until the part hydrates) is the only place to see them.
    const firstProps = useRef(props);
    if (deferred && !sameProps(firstProps.current, props)) openGate();
    useEffect(() => {
      const island = ref.current;
      if (!deferred || !island || island.dataset.hydrated === "true") return;
      const remember = options.remembersTableWidth ?? false;
      held.current = new HeldEvents(island, options.pageKeys ?? false, openGate, () => {
        // A window resized before first use: its table may now need other columns.
        if (otherColumnsFit(island, remember)) openGate();
      });
      // A table the server laid out for another width than this one: laid out at once.
      if (otherColumnsFit(island, remember) || neededNow.current()) openGate();
      // Focused before these listeners were here (typing before the page's script ran): in use.
      if (island.contains(document.activeElement)) openGate();
      // The part's table may stream in after its frame has hydrated (about one load in
      // ten under load): measured, and remembered, once it is there.
      tableLater.current = whenTableArrives(island, () => {
        if (otherColumnsFit(island, remember)) openGate();
      });
      return () => {
        held.current?.stop();
        tableLater.current?.disconnect();
      };
    }, [deferred]);
    useEffect(() => {
      ref.current?.setAttribute("data-mounted", "");
    }, []);
    return (
      <div ref={ref} data-island={name} className="contents">
        <Suspense
          fallback={
            <>
              {options.fallback ?? null}
              <LoadsAtOnce open={openGate} />
            </>
          }
        >
          <Part {...props} />
          <Hydrated
            onHydrated={() => {
              if (ref.current) ref.current.dataset.hydrated = "true";
              tableLater.current?.disconnect();
              held.current?.replay();
              held.current = null;
            }}
          />
        </Suspense>
      </div>
    );
  }
  Island.displayName = `DeferredIsland(${name})`;
  return Island;
}

/** Whether two renders' props are the same values (the server sends new objects only with new data). */
function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is(a[key as keyof typeof a], b[key as keyof typeof b]))
  );
}

/** Whether the server's HTML of this part is on the page, not yet taken by React: hydrating. */
function serverHtmlWaiting(name: string): boolean {
  return document.querySelector(`[data-island="${name}"]:not([data-mounted])`) !== null;
}

/**
 * Whether a table in the part, as the server laid it out for an assumed width, is
 * wide or narrow enough here for other columns (data-table/infinite-table.tsx says
 * between which widths its columns hold). A table narrow enough for cards is laid
 * out by CSS alone. With `remember`, the width is kept for the server's next render.
 */
function otherColumnsFit(island: HTMLElement, remember: boolean): boolean {
  for (const table of island.querySelectorAll<HTMLElement>("section[data-columns-from]")) {
    const width = table.clientWidth;
    if (remember) rememberTableWidth(width);
    const from = Number(table.dataset.columnsFrom);
    const below = Number(table.dataset.columnsBelow ?? Number.POSITIVE_INFINITY);
    const cardsBelow = Number(table.dataset.cardsBelow ?? 0);
    if (width >= cardsBelow && (width < from || width >= below)) return true;
  }
  return false;
}

/** Calls `then` once a table the part lays out arrives in it; null when one is there already. */
function whenTableArrives(island: HTMLElement, then: () => void): MutationObserver | null {
  const TABLE = "section[data-columns-from]";
  if (island.querySelector(TABLE)) return null;
  const observer = new MutationObserver(() => {
    if (!island.querySelector(TABLE)) return;
    observer.disconnect();
    then();
  });
  observer.observe(island, { childList: true, subtree: true });
  return observer;
}

/**
 * Renders nothing; opens the gate when the part's fallback shows in the browser. Then
 * there is no server HTML to keep: React threw it away (an update reached the part
 * before it hydrated, such as a context changing above it) or there was none (a
 * navigation in the app). Waiting for a sign of use would leave the fallback showing.
 */
function LoadsAtOnce({ open }: { open: () => void }) {
  useEffect(() => open(), [open]);
  return null;
}

/** Renders nothing; says when the part around it has hydrated (or rendered). */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  const callback = useRef(onHydrated);
  callback.current = onHydrated;
  useEffect(() => callback.current(), []);
  return null;
}

/** What is given again once the part answers: the first click, the keys, a scroll, the focus. */
type Held =
  | { kind: "click"; target: Element; init: MouseEventInit }
  | { kind: "key"; target: EventTarget; init: KeyboardEventInit; original: Event }
  | { kind: "scroll"; target: EventTarget };

/** Signs of use, watched on the window before React (which drops them on a dehydrated part). */
const INTENT = ["pointerover", "pointerdown", "touchstart", "focusin", "wheel"] as const;

/**
 * Listens, in the capture phase on the window (before React's listeners on the
 * document), for signs that the part is about to be used: the first one opens the gate.
 * Until the part has hydrated, a click on a control in it, a key meant for it and a
 * scroll of it are held to be given again.
 */
class HeldEvents {
  private readonly events: Held[] = [];
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly island: HTMLElement,
    private readonly pageKeys: boolean,
    private readonly open: () => void,
    resized: () => void,
  ) {
    this.listen("resize", resized);
    for (const type of INTENT)
      this.listen(type, (event) => {
        if (this.inside(event.target)) this.open();
      });
    this.listen("scroll", (event) => {
      if (!this.inside(event.target)) return;
      this.open();
      if (!this.events.some((e) => e.kind === "scroll" && e.target === event.target))
        this.events.push({ kind: "scroll", target: event.target! });
    });
    this.listen("click", (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !this.inside(target)) return;
      this.open();
      // A link is followed as it is; any other click waits for the part's own handler.
      if (target.closest("a[href]")) return;
      event.preventDefault();
      event.stopPropagation();
      const mouse = event as MouseEvent;
      this.events.push({
        kind: "click",
        target,
        // A shift-click (an added sort order) is given again as one.
        init: {
          clientX: mouse.clientX,
          clientY: mouse.clientY,
          screenX: mouse.screenX,
          screenY: mouse.screenY,
          button: mouse.button,
          detail: mouse.detail,
          altKey: mouse.altKey,
          ctrlKey: mouse.ctrlKey,
          metaKey: mouse.metaKey,
          shiftKey: mouse.shiftKey,
        },
      });
    });
    this.listen("keydown", (event) => {
      const key = event as KeyboardEvent;
      const onPage = key.target === document.body || key.target === document.documentElement;
      if (!this.inside(key.target) && !(this.pageKeys && onPage)) return;
      this.open();
      this.events.push({
        kind: "key",
        target: key.target!,
        original: key,
        init: {
          key: key.key,
          code: key.code,
          altKey: key.altKey,
          ctrlKey: key.ctrlKey,
          metaKey: key.metaKey,
          shiftKey: key.shiftKey,
          repeat: key.repeat,
          bubbles: true,
          cancelable: true,
        },
      });
    });
  }

  private listen(type: string, handler: (event: Event) => void) {
    window.addEventListener(type, handler, { capture: true, passive: type !== "click" });
    this.stops.push(() => window.removeEventListener(type, handler, { capture: true }));
  }

  private inside(target: EventTarget | null): boolean {
    return target instanceof Node && this.island.contains(target);
  }

  stop() {
    for (const stop of this.stops) stop();
    this.stops.length = 0;
  }

  /** The part has hydrated: stop holding, then give the held events to its handlers. */
  replay() {
    this.stop();
    const focused = document.activeElement;
    // The focus came before the handlers did: tell them where it is.
    if (focused && focused !== document.body && this.island.contains(focused))
      focused.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    for (const event of this.events.splice(0)) give(event);
  }
}

/** Gives a held event again, to the part's own handlers now. */
function give(event: Held) {
  if (event.kind === "scroll") event.target.dispatchEvent(new Event("scroll"));
  else if (event.kind === "key") {
    // A key a handler outside the part already took (the page's `/`, which focused
    // the part's search) is not given twice: again, it would select what was typed since.
    if (!event.original.defaultPrevented)
      event.target.dispatchEvent(new KeyboardEvent("keydown", event.init));
  } else if (event.target.isConnected)
    event.target.dispatchEvent(
      new MouseEvent("click", { ...event.init, bubbles: true, cancelable: true, view: window }),
    );
}
