/**
 * One today for the whole dashboard over a real API: what the browser draws (the
 * Overdue badge, date presets) counts from the server's clock, as the server-drawn
 * figures and quick views do, even when the browser's own clock is off
 * (components/layout/dashboard-clock.tsx). The app at AUTH_URL reads a real HTTP API,
 * so its today is the server's real one; the demo's pinned day is invoices.spec's.
 */
import { expectChip, openEditor } from "../support/filters";
import { overdueMarks, quickViewsOf, reachForList } from "../support/lists";
import { AUTH_URL, ensureSignedIn } from "../support/session";
import { expect, test } from "../support/test";

/** Years before any invoice of the demo data falls due. */
const WRONG_BROWSER_CLOCK = new Date("2020-01-15T12:00:00.000Z");

test("a browser whose clock is years off draws Overdue and date presets on the server's day", async ({
  page,
}) => {
  await page.clock.setFixedTime(WRONG_BROWSER_CLOCK);
  await ensureSignedIn(page, AUTH_URL);
  // The server's day: this machine's clock, which the app's server reads.
  const serverDay = new Date().toISOString().slice(0, 10);
  const dayBefore = new Date(Date.parse(serverDay) - 1).toISOString();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${AUTH_URL}/invoices`);
  await reachForList(page, "Invoices");

  // The Overdue view (its query drawn by the server at its today), its rows drawn in
  // the browser: each one is marked, as the server marks them.
  await quickViewsOf(page, "Invoice views").tab("Overdue").click();
  await expect(page).toHaveURL(new RegExp(`dueDateEndAt=${dayBefore.slice(0, 13)}`));
  await expect
    .poll(async () => {
      const marks = Object.values(await overdueMarks(page));
      return marks.length >= 5 && marks.every(Boolean);
    })
    .toBe(true);

  // "Today" is the server's day, in the URL and as the chip reads it back.
  const editor = await openEditor(page, "Issued");
  await editor.getByRole("button", { name: "Today", exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`issueDateStartAt=${serverDay}&issueDateEndAt=${serverDay}T23`),
  );
  await page.keyboard.press("Escape");
  await expectChip(page, "Issued", "Today");
});
