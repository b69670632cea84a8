/**
 * What a saved view keeps: a name that shows what it is (no control characters, no
 * direction overrides, not invisible), and its query in the list's normal form.
 */
import { describe, expect, it } from "vitest";
import { savedViewQuery } from "./query";
import { NewSavedView, ViewName } from "./validate";

const problemOf = (name: string) => {
  const parsed = ViewName.safeParse(name);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; ");
};

describe("a saved view's name", () => {
  it("is kept trimmed and composed (NFC); emoji sequences and accents stay as typed", () => {
    expect(ViewName.parse("  Unpaid  ")).toBe("Unpaid");
    expect(ViewName.parse("Cafe\u0301 customers")).toBe("Café customers");
    expect(ViewName.parse("👩‍💻 team view")).toBe("👩‍💻 team view");
    expect(ViewName.parse("عملاء متأخرون")).toBe("عملاء متأخرون");
  });

  it("that shows nothing (zero-width spaces, joiners, blank fillers) is refused, saying so", () => {
    for (const name of ["\u200b".repeat(80), "\u2060\ufeff\u200d", "\u3164\u2800", " \u200b "])
      expect(problemOf(name), JSON.stringify(name)).toBe(
        "a name must show something: this one holds only invisible characters",
      );
    expect(problemOf("   ")).toBe("a name is required");
  });

  it("with a direction override or isolate is refused: it would read other than it is", () => {
    for (const mark of ["\u202e", "\u202d", "\u202a", "\u2066", "\u2067", "\u2069"])
      expect(problemOf(`invoice${mark}fdp.exe`)).toMatch(
        /^direction overrides .* cannot be in a name/,
      );
  });

  it("with control characters (CR, LF, NUL, tab, line separators) is refused", () => {
    for (const name of ["Unpaid\r\nOverdue", "a\u0000b", "a\tb", "a\u2028b", "a\u0085b"])
      expect(problemOf(name), JSON.stringify(name)).toBe(
        "control characters (a line break, a tab, NUL) cannot be in a name",
      );
  });

  it("is named in the issues of a refused view", () => {
    const parsed = NewSavedView.safeParse({ name: "\u200b\u200b", list: "invoices", query: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["name"]);
  });
});

describe("a saved view's query", () => {
  it("is kept in the list's normal form: its parameters in order, known columns only", () => {
    expect(savedViewQuery("invoices", "columns=period,-dueAt,gone&statuses=ISSUED")).toEqual({
      ok: true,
      query: "statuses=ISSUED&columns=-dueAt,period",
    });
    expect(
      savedViewQuery("customers", "orderBy=name:ASC&search=Caf%C3%A9&contractHealths=ENDING"),
    ).toEqual({ ok: true, query: "search=Café&contractHealths=ENDING&orderBy=name:ASC" });
    expect(savedViewQuery("payments", "")).toEqual({ ok: true, query: "" });
  });

  it("keeps no columns part the list does not have, however long", () => {
    const junk = `columns=${"<b>spoof</b>".repeat(300)}`;
    expect(savedViewQuery("invoices", `statuses=DRAFT&${junk}`)).toEqual({
      ok: true,
      query: "statuses=DRAFT",
    });
  });

  it("names every problem as the export does", () => {
    expect(savedViewQuery("invoices", "statuses=NOPE&foo=1")).toEqual({
      ok: false,
      issues: expect.arrayContaining([
        expect.stringMatching(/^query: statuses/),
        expect.stringMatching(/^query: foo/),
      ]),
    });
  });
});
