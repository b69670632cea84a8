/**
 * The filter toolbar as a person uses it (components/data-table/filter-bar.tsx): each
 * set filter a chip that opens its editor, the others behind "Add filter".
 */
import { expect, type Page } from "@playwright/test";

// By CSS, not role: an open editor (a modal popover) hides the page from the accessibility tree.
export const toolbar = (page: Page) => page.locator("search[aria-label='Filters']");

/** A set filter's chip (its editor button and its remove button). */
export const chipOf = (page: Page, field: string) =>
  toolbar(page)
    .locator("li[data-filter]")
    .filter({ hasText: new RegExp(`^${field}:`) });

/** The open editor of a filter. */
export const editorOf = (page: Page, field: string) =>
  page.getByRole("dialog", { name: `${field} filter` });

/** Opens a filter's editor: from its chip when it is set, else through "Add filter". */
export async function openEditor(page: Page, field: string) {
  const chip = chipOf(page, field);
  if ((await chip.count()) > 0) {
    await chip.getByRole("button", { name: new RegExp(`^${field}:`) }).click();
  } else {
    await toolbar(page).getByRole("button", { name: "Add filter" }).click();
    await page.getByRole("menuitem", { name: new RegExp(`^${field}`) }).click();
  }
  await expect(editorOf(page, field)).toBeVisible();
  return editorOf(page, field);
}

/**
 * Chooses an option in a filter's editor (a radio, or toggles a checkbox) and closes
 * it with Esc, as a person would.
 */
export async function pick(page: Page, field: string, option: string) {
  const editor = await openEditor(page, field);
  // The input is visually hidden inside its label: a person clicks the label.
  await editor
    .locator("label")
    .filter({ hasText: new RegExp(`^${escapeRegExp(option)}$`) })
    .click();
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
}

/** The chip of `field` says `words` (null: the filter is not set). */
export async function expectChip(page: Page, field: string, words: string | null) {
  if (words === null) await expect(chipOf(page, field)).toHaveCount(0);
  else await expect(chipOf(page, field)).toContainText(words);
}

/** `text` as a literal inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
