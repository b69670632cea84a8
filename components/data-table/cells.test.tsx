/**
 * A money cell keeps to its row's two lines whatever the number of currencies, and
 * names every amount to a pointer's title and a screen reader.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AmountLines } from "./cells";

const listItems = (html: string) => html.match(/<li[ >]/g)?.length ?? 0;

describe("AmountLines", () => {
  it("one currency is one line; two are two lines", () => {
    expect(renderToString(<AmountLines lines={["$1,200.00"]} />)).toBe(
      '<span data-amount="true">$1,200.00</span>',
    );
    const two = renderToString(<AmountLines lines={["$1,200.00", "€80.00"]} />);
    expect(listItems(two)).toBe(2);
    expect(two).toContain("<li>$1,200.00</li><li>€80.00</li>");
  });

  it("three or more: the first amount, then how many more; the title and screen-reader text name them all", () => {
    const lines = ["$1,200.00", "€80.00", "£15.50", "¥3,000"];
    const html = renderToString(<AmountLines lines={lines} />);
    expect(listItems(html)).toBe(2);
    expect(html).toContain("<li>$1,200.00</li>");
    expect(html).toContain('<span aria-hidden="true">+<!-- -->3<!-- --> more</span>');
    expect(html).toContain('<span class="sr-only">€80.00, £15.50, ¥3,000</span>');
    expect(html).toContain(`title="${lines.join("\n")}"`);
  });

  it("none is a dash", () => {
    expect(renderToString(<AmountLines lines={[]} />)).toContain("—");
  });
});
