import { describe, expect, it } from "vitest";
import { readSearchQuery } from "./query";

const read = (query: string) => readSearchQuery(new URLSearchParams(query));

describe("a search's query", () => {
  it("takes the text, trimmed, and both indexes unless one is named", () => {
    expect(read("q=%20INV-2025-0062%20")).toEqual({
      text: "INV-2025-0062",
      kinds: ["invoices", "customers"],
    });
    expect(read("q=wiza%20k&in=customers")).toEqual({ text: "wiza k", kinds: ["customers"] });
  });
  it("names every problem, one issue each", () => {
    expect(read("")).toEqual({ issues: ["q: required, the text to search for"] });
    expect(read("q=%20%20")).toEqual({ issues: ["q: must hold something to search for"] });
    expect(read(`q=${"x".repeat(201)}`)).toEqual({ issues: ["q: at most 200 characters"] });
    expect(read("q=a%00b")).toEqual({ issues: ["q: must not hold control characters"] });
    expect(read("q=a&q=b&in=payments&limit=5")).toEqual({
      issues: [
        "q: given more than once",
        "limit: unknown parameter",
        "in: must be invoices or customers",
      ],
    });
  });
});
