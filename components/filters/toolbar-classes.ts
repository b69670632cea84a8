/** The filter toolbar's shared looks: a chip, a button, a text field. */
export const chipClass =
  "inline-flex items-center rounded-full border border-line bg-surface-strong text-xs text-fg";
export const toolbarButtonClass =
  "rounded-md border border-line-strong bg-surface px-2.5 py-1 text-sm text-fg hover:bg-surface-muted";
export const toolbarInputClass =
  "rounded-md border border-line-strong bg-surface px-2 py-1 text-sm text-fg placeholder:text-fg-subtle";
export const popoverClass =
  "rounded-lg border border-line bg-surface text-sm text-fg shadow-lg outline-none";
