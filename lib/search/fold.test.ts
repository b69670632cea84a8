import { describe, expect, it } from "vitest";
import { emailTerm, foldText, hasEveryWord, searchWords } from "./fold";

describe("text as the searches compare it", () => {
  it("drops case, accents and punctuation", () => {
    expect(foldText("Wiza, Klein and Sons")).toBe("wiza klein and sons");
    expect(foldText("  Ærø Søn & Müller-Lüdenscheidt GmbH. ")).toBe(
      "aero son muller ludenscheidt gmbh",
    );
    expect(foldText("STRAßE")).toBe("strasse");
    expect(foldText("O'Neil’s Łódź")).toBe("oneils lodz");
    expect(foldText("ΟΔΥΣΣΕΥΣ")).toBe("οδυσσευσ");
    expect(foldText("Crème brûlée")).toBe("creme brulee");
  });
  it("reads the typed words apart, once each", () => {
    expect(searchWords("wiza k")).toEqual(["wiza", "k"]);
    expect(searchWords(" Klein,  wiza klein ")).toEqual(["klein", "wiza"]);
    expect(searchWords(" ,. ")).toEqual([]);
  });
  it("finds every word in any order, each as part of a word", () => {
    const name = foldText("Wiza, Klein and Sons");
    expect(hasEveryWord(name, searchWords("wiza k"))).toBe(true);
    expect(hasEveryWord(name, searchWords("sons WIZA"))).toBe(true);
    expect(hasEveryWord(name, searchWords("klein, wiza"))).toBe(true);
    expect(hasEveryWord(name, searchWords("wiza x"))).toBe(false);
  });
  it("tells an address, or part of one, from words", () => {
    expect(emailTerm("AP@Bailey.example")).toBe("ap@bailey.example");
    expect(emailTerm("@bailey.example")).toBe("bailey.example");
    expect(emailTerm("bailey.example")).toBe("bailey.example");
    expect(emailTerm("ap@")).toBe("ap@");
    expect(emailTerm("wiza klein")).toBeNull();
    expect(emailTerm("Inc.")).toBeNull();
    expect(emailTerm("2025.06")).toBeNull();
  });
});
