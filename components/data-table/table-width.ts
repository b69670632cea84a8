/**
 * The width a list's table lays its columns out for before the browser measures it
 * (infinite-table.tsx). The server cannot measure: it reads the width the browser
 * last measured, kept in a cookie, and assumes a 1280 px window without one. With the
 * right width the server's columns are the ones the browser keeps, so a list's
 * script can wait for first use (components/islands/deferred-island.tsx).
 */
/** A 1280 px window's list table: the window less the navigation (14rem) and padding. */
export const DEFAULT_TABLE_WIDTH = 1030;

export const TABLE_WIDTH_COOKIE = "table-width";

/** Kept for the next list page the server renders (a width is no personal data). */
export function rememberTableWidth(width: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed number; the Cookie Store API is not in every browser yet
  document.cookie = `${TABLE_WIDTH_COOKIE}=${Math.round(width)}; path=/; max-age=31536000; samesite=lax`;
}

/** The cookie's width, when it is a plausible one. */
export function tableWidthFromCookie(value: string | undefined): number | null {
  if (!value || !/^\d{3,4}$/.test(value)) return null;
  const width = Number(value);
  return width >= 200 && width <= 4000 ? width : null;
}
