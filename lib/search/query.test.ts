import { describe, expect, it } from "vitest";
import { readNamesakesQuery, readSearchQuery } from "./query";

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

describe("a namesakes query", () => {
  const names = (query: string) => readNamesakesQuery(new URLSearchParams(query));
  const id = "0b7c6f0e-52f6-4c3e-9d2a-6a1f0c7f1e21";
  it("takes the ids, lower-cased, once each", () => {
    expect(names(`ids=${id.toUpperCase()},${id}`)).toEqual({ ids: [id] });
  });
  it("names every problem, one issue each", () => {
    expect(names("")).toEqual({ issues: ["ids: required, the customers' ids, comma separated"] });
    expect(names("ids=")).toEqual({ issues: ["ids: each must be a uuid"] });
    expect(names(`ids=${id},x`)).toEqual({ issues: ["ids: each must be a uuid"] });
    expect(names(`ids=${Array(101).fill(id).join(",")}`)).toEqual({ issues: ["ids: at most 100"] });
    expect(names(`ids=${id}&ids=${id}&q=a`)).toEqual({
      issues: ["ids: given more than once", "q: unknown parameter"],
    });
  });
});
