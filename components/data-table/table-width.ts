/**
 * The width a list's table lays its columns out for before the browser measures it
 * (infinite-table.tsx). The server cannot measure: it reads the width the browser
 * last measured, kept in a cookie; else it works it out from the window's width,
 * which Chromium sends as a client hint (proxy.ts asks for it); else it assumes a
 * 1280 px window. With the
 * right width the server's columns are the ones the browser keeps, so a list's
 * script can wait for first use (components/islands/deferred-island.tsx).
 */
/** A 1280 px window's list table: the window less the navigation (14rem) and padding. */
export const DEFAULT_TABLE_WIDTH = 1006;

export const TABLE_WIDTH_COOKIE = "table-width";

/**
 * Kept for the next list page the server renders (a width is no personal data), with
 * the width of the window it was measured in: a window since resized makes it stale.
 */
export function rememberTableWidth(width: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: two fixed numbers; the Cookie Store API is not in every browser yet
  document.cookie = `${TABLE_WIDTH_COOKIE}=${Math.round(width)}x${window.innerWidth}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * How far the client hint's window width may be from the one the table was measured
 * in and still be the same window: a classic scrollbar's width, whichever of the two
 * widths a browser counts it in.
 */
const SAME_WINDOW_SLACK = 20;

/**
 * The width the server lays a list's table out for: the one the browser measured
 * last, when measured in a window of this request's width (or when the request does
 * not say its width: browsers without client hints); else the one this window's
 * width gives; else a 1280 px window's.
 */
export function assumedTableWidth(
  cookie: string | undefined,
  viewportHint: string | null | undefined,
): number {
  const measured = measuredFromCookie(cookie);
  const viewport = viewportFromHint(viewportHint);
  if (viewport === null) return measured?.table ?? DEFAULT_TABLE_WIDTH;
  const sameWindow =
    measured?.viewport != null && Math.abs(measured.viewport - viewport) <= SAME_WINDOW_SLACK;
  return measured && sameWindow ? measured.table : tableWidthFromViewport(viewport);
}

/**
 * A list table's width in a window `viewport` px wide: app-shell.tsx's navigation
 * (14rem from 1024 px), the page's padding (px-6 from 640 px, else px-4) and the
 * table box's border.
 */
export function tableWidthFromViewport(viewport: number): number {
  const navigation = viewport >= 1024 ? 224 : 0;
  const padding = viewport >= 640 ? 48 : 32;
  return viewport - navigation - padding - 2;
}

/** The client hint's window width, when it is a plausible one. */
function viewportFromHint(value: string | null | undefined): number | null {
  if (!value || !/^\d{3,4}$/.test(value)) return null;
  return Number(value);
}

/**
 * The cookie's table width and the window width it was measured in ("1078x1440"; an
 * older cookie has the table's alone), when plausible.
 */
function measuredFromCookie(
  value: string | undefined,
): { table: number; viewport: number | null } | null {
  const match = value?.match(/^(\d{3,4})(?:x(\d{3,4}))?$/);
  if (!match) return null;
  const table = Number(match[1]);
  if (table < 200 || table > 4000) return null;
  return { table, viewport: match[2] ? Number(match[2]) : null };
}
