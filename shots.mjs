import { chromium } from "@playwright/test";

const base = "http://127.0.0.1:8800";
const pages = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
for (const width of [390, 1440])
  for (const theme of ["light", "dark"]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
    const page = await ctx.newPage();
    for (const p of pages) {
      const [path, action] = p.split("|");
      await page.goto(base + path, { waitUntil: "networkidle" });
      if (theme === "dark")
        await page.evaluate(() => document.documentElement.classList.add("dark"));
      if (action === "sum") {
        await page.getByRole("button", { name: "Sum this view" }).click();
        await page.getByTestId("view-totals").waitFor({ timeout: 60000 });
      }
      if (action === "save") {
        await page.getByRole("button", { name: "Save view" }).click();
        await page.getByRole("dialog").waitFor();
      }
      const name = `/tmp/shot-${path.replace(/[^a-z]+/gi, "_")}${action ?? ""}-${width}-${theme}.png`;
      await page.screenshot({ path: name, fullPage: false });
      console.log(name);
    }
    await ctx.close();
  }
await browser.close();
