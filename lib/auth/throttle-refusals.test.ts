/** The hand-over between server.ts and the bundle's throttle: counted once installed, skipped before. */
import { expect, it } from "vitest";
import { countRefusal, installRefusalCounter } from "./throttle-refusals";

it("counts a refusal through the installed counter, and says when none is installed yet", async () => {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for("invoicing-dashboard.sign-in-refusal-counter");
  const before = holder[key];
  try {
    delete holder[key];
    expect(await countRefusal("203.0.113.9")).toBe(false);
    const counted: string[] = [];
    installRefusalCounter(async (client) => {
      counted.push(client);
    });
    expect(await countRefusal("203.0.113.9")).toBe(true);
    expect(counted).toEqual(["203.0.113.9"]);
  } finally {
    holder[key] = before;
  }
});
