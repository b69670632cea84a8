import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useRowShortcuts } from "../shortcuts/use-row-shortcuts";
import { ROW_HEIGHT } from "./table-geometry";
import { rowElement } from "./use-table-place";

/**
 * The table's keys: j/k anywhere on the page (with `pageKeys`) and the arrows, Page
 * Up/Down and Home/End in the table move a highlighted row, Enter opens it
 * (components/shortcuts/use-row-shortcuts.ts). While the focus is in the table it
 * moves with the highlight (one tab stop, a roving one); from the page it stays put.
 */
export function useTableKeys<Row extends { id: string }>({
  rows,
  noun,
  pageKeys,
  canLoadMore,
  loadMore,
  open,
  reveal,
  scrollRef,
  headRef,
}: {
  rows: Row[];
  noun: string;
  pageKeys: boolean;
  canLoadMore: boolean;
  loadMore: () => void;
  open: (row: Row) => void;
  /** scrolls a row into view, given its element when it is rendered */
  reveal: (index: number, row: HTMLElement | null) => void;
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
}) {
  const focusInTable = useRef(false);
  const headerHeight = useHeight(headRef, rows.length > 0);
  const shortcuts = useRowShortcuts({
    enabled: pageKeys && rows.length > 0,
    count: rows.length,
    canLoadMore,
    loadMore,
    open: (index) => {
      const row = rows[index];
      if (row) open(row);
    },
    reveal: (index) => reveal(index, rowElement(scrollRef.current, rows[index]?.id)),
    describe: (index) => {
      const row = rowElement(scrollRef.current, rows[index]?.id);
      if (focusInTable.current && row && document.activeElement !== row)
        row.focus({ preventScroll: true });
      // The table may itself be partly below the window: bring the row into it too.
      row?.scrollIntoView({ block: "nearest", inline: "nearest" });
      return describeRow(row, index, rows.length, noun);
    },
  });
  const { moveBy, moveTo } = shortcuts;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement).closest("a,button,input,select,textarea,summary")) return;
    const step = tableKeyStep(event.key, pageOfRows(scrollRef.current));
    if (step === null) return;
    event.preventDefault();
    focusInTable.current = true;
    if (step === "first") moveTo(0);
    else if (step === "last") moveTo(rows.length - 1);
    else moveBy(step);
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).matches("tr[data-row-id]")) focusInTable.current = true;
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) focusInTable.current = false;
  };
  return {
    ...shortcuts,
    handlers: { onKeyDown, onFocus, onBlur },
    // A row brought into view by the keys is not left under the sticky header.
    scrollPaddingTop: headerHeight,
  };
}

/** The sticky header's height before the browser measures it (text-xs, py-2, a border). */
const HEADER_HEIGHT = 33;

/** An element's height as it changes (a header whose words wrap in a narrow table). */
function useHeight(ref: RefObject<HTMLElement | null>, present: boolean): number {
  const [height, setHeight] = useState(HEADER_HEIGHT);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!present || !element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight || HEADER_HEIGHT));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, present]);
  return height;
}

/** What a key does in the table: a move by rows, to the first or last row, or nothing. */
function tableKeyStep(key: string, page: number): number | "first" | "last" | null {
  switch (key) {
    case "ArrowDown":
      return 1;
    case "ArrowUp":
      return -1;
    case "PageDown":
      return page;
    case "PageUp":
      return -page;
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return null;
  }
}

/** Rows that fit the table's box below its header: a Page Down's move. */
function pageOfRows(scroller: HTMLElement | null): number {
  if (!scroller) return 10;
  const header = scroller.querySelector("thead")?.offsetHeight ?? 0;
  const row = scroller.querySelector<HTMLElement>("tr[data-row-id]")?.offsetHeight || ROW_HEIGHT;
  return Math.max(1, Math.floor((scroller.clientHeight - header) / row) - 1);
}

/** "invoices row 3 of 50: INV-2026-0003, Acme …" for the live region (read from the rendered row). */
function describeRow(row: HTMLElement | null, index: number, count: number, noun: string) {
  const cells = row?.querySelectorAll<HTMLElement>("td");
  const text = cells
    ? [...cells]
        .filter((cell) => cell.offsetParent !== null)
        .slice(0, 2)
        .map((c) => (c.textContent ?? "").trim())
        .filter(Boolean)
        .join(", ")
    : "";
  return `${noun} row ${index + 1} of ${count}${text ? `: ${text}` : ""}`;
}
