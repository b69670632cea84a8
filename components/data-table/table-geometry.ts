/**
 * The table's geometry in numbers both sides read: the client table lays rows out by
 * them, and the server reads the names its first rows show (lib/upstream/prefetch.ts).
 */
export const ROW_HEIGHT = 41;
/** A row as a card of two lines (a table narrower than CARDS_BELOW). */
export const CARD_ROW_HEIGHT = 61;
/** A card of three lines: an invoice's, whose number, state, amount and due day all show whole. */
export const TALL_CARD_ROW_HEIGHT = 77;
/**
 * A table box narrower than this (px; 40rem) shows its rows as cards: a phone, or a
 * narrow window beside the navigation. CSS decides, by a container query on the box.
 */
export const CARDS_BELOW = 640;
/** The window the first rows fill before the table measures its own (the server's render). */
export const VIEWPORT_HEIGHT = 720;
/** Rows rendered beyond the window, either way. */
export const OVERSCAN = 12;
/** The next page is asked for when the last rendered row is this near the end. */
export const PREFETCH_ROWS = 30;
/**
 * Rows rendered before the person scrolls (the server's HTML too): a 720 px window of
 * 41 px rows and the overscan below it, as the virtualizer renders them at the top.
 */
export const FIRST_ROWS = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT) + OVERSCAN;
