/**
 * When a page-wide shortcut must stay out of the way. A small hand-written check
 * rather than react-hotkeys-hook: the lists need four single keys, and a library
 * would add its weight to every list page's first load for them.
 */

/** A key pressed with Ctrl, Cmd or Alt belongs to the browser or the system. */
export function hasModifier(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}

/** The person is typing: letters belong to the field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.matches("input, textarea, select");
}

/** Enter on these does their own thing (follow the link, press the button). */
export function isInteractive(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest("a, button, input, select, textarea, summary, [role='button']") !== null
  );
}

/** Keys pressed inside a dialog (the palette, the shortcuts help, a filter's editor) are the dialog's. */
export function inDialog(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("dialog, [role='dialog']") !== null;
}

/** A single-key shortcut applies: no modifier, nobody typing, no dialog in the way. */
export function shortcutApplies(event: KeyboardEvent): boolean {
  return (
    !event.defaultPrevented &&
    !hasModifier(event) &&
    !isTyping(event.target) &&
    !inDialog(event.target) &&
    document.querySelector("[role='dialog']") === null
  );
}
