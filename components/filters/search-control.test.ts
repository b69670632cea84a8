import { describe, expect, it } from "vitest";
import { searchTextAfterUrlChange } from "./search-control";

describe("a search field when the URL's search changes", () => {
  it("keeps what was typed after its own write, when the URL catches up late", () => {
    // "s" was written; "o" was typed before the URL's "s" was rendered.
    expect(searchTextAfterUrlChange("so", "s", "s")).toBe("so");
  });
  it("shows what the URL says after back, forward or clear", () => {
    expect(searchTextAfterUrlChange("son", "", null)).toBe("");
    expect(searchTextAfterUrlChange("", "son", null)).toBe("son");
    expect(searchTextAfterUrlChange("son", "", "son")).toBe("");
  });
  it("keeps a trailing space being typed, which the URL drops", () => {
    expect(searchTextAfterUrlChange("son ", "son", null)).toBe("son ");
  });
});
