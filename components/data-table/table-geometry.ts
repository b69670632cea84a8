/**
 * The table's geometry in numbers both sides read: the client table lays rows out by
 * them, and the server reads the names its first rows show (lib/upstream/prefetch.ts).
 */
export const ROW_HEIGHT = 41;
/** A row as a card of two lines (a table narrower than CARDS_BELOW). */
export const CARD_ROW_HEIGHT = 61;
/**
 * A table box narrower than this (px; 40rem) shows its rows as cards: a phone, or a
 * narrow window beside the navigation. CSS decides by a container query on the
 * table's box (so the server's HTML is right at once); the script, by measuring it.
 */
export const CARDS_BELOW = 640;
/** The window the virtual table assumes before it measures its own (server render). */
export const VIEWPORT_HEIGHT = 720;
/** Rows the virtual table renders beyond the window, either way. */
export const OVERSCAN = 12;
/** The next page is asked for when the last rendered row is this near the end. */
export const PREFETCH_ROWS = 30;
/**
 * Rows rendered before the table is used: as many as the virtual table first renders
 * (a 720 px window of 41 px rows, plus its overscan of 12), so the DOM, and the
 * customer names looked up for the rows in it, stay as they were.
 */
export const PLAIN_ROWS = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + OVERSCAN;
