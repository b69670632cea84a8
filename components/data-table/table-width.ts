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
export const DEFAULT_TABLE_WIDTH = 1030;

export const TABLE_WIDTH_COOKIE = "table-width";

/** Kept for the next list page the server renders (a width is no personal data). */
export function rememberTableWidth(width: number) {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed number; the Cookie Store API is not in every browser yet
  document.cookie = `${TABLE_WIDTH_COOKIE}=${Math.round(width)}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * A list table's width in a window `viewportWidth` wide (the client hint's value):
 * app-shell.tsx's navigation (14rem from 1024 px), the page's padding (px-6 from
 * 640 px, else px-4) and the table box's border.
 */
export function tableWidthFromViewport(value: string | null | undefined): number | null {
  if (!value || !/^\d{3,4}$/.test(value)) return null;
  const viewport = Number(value);
  const navigation = viewport >= 1024 ? 224 : 0;
  const padding = viewport >= 640 ? 48 : 32;
  return viewport - navigation - padding - 2;
}

/** The cookie's width, when it is a plausible one. */
export function tableWidthFromCookie(value: string | undefined): number | null {
  if (!value || !/^\d{3,4}$/.test(value)) return null;
  const width = Number(value);
  return width >= 200 && width <= 4000 ? width : null;
}
