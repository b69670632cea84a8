import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  calendarDateCell,
  csvRecords,
  decimalOfMinor,
  lastDayCell,
  neutraliseFormula,
  textCell,
  timestampCell,
} from "./csv";

describe("neutraliseFormula", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1+1", "'-1+1"],
    ["-", "'-"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ["＝1+1", "'＝1+1"],
    ["-12.50", "'-12.50"],
    ["-3", "'-3"],
    ["-1+1", "'-1+1"],
  ])("prefixes %j", (cell, expected) => {
    expect(neutraliseFormula(cell)).toBe(expected);
  });

  it.each([["Acme"], [""], ["1=1"], ["a+b"], [" =1"], ["'=1"], ["12.50"]])(
    "leaves %j alone (no formula start)",
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(cell);
    },
  );
});

describe("csvRecords", () => {
  it("ends every record with CRLF and quotes only what RFC 4180 requires", () => {
    const text = csvRecords([
      ["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""],
      ["x", "y", "z", "w", "v", "u"],
    ]);
    expect(text).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\nx,y,z,w,v,u\r\n');
    expect(parse(text)).toEqual([
      ["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere", ""],
      ["x", "y", "z", "w", "v", "u"],
    ]);
  });

  it("neutralises formulas in every position, first cell included, then quotes", () => {
    const row = ["=1+1", "+2", "-3+3", "@A1", "\tt", "\rr", "-4.00"];
    const text = csvRecords([row, [...row].reverse()]);
    const parsed = parse(text) as string[][];
    expect(parsed[0]).toEqual(["'=1+1", "'+2", "'-3+3", "'@A1", "'\tt", "'\rr", "'-4.00"]);
    expect(parsed[1]).toEqual(["'-4.00", "'\rr", "'\tt", "'@A1", "'-3+3", "'+2", "'=1+1"]);
    // A neutralised cell holding a comma or quote is still quoted correctly.
    expect(csvRecords([['=A1,"B"']])).toBe(`"'=A1,""B"""\r\n`);
  });

  it("writes nothing for no records", () => {
    expect(csvRecords([])).toBe("");
  });
});

describe("cells", () => {
  it("money in minor units → exact decimals", () => {
    expect(decimalOfMinor(123456)).toBe("1234.56");
    expect(decimalOfMinor(5)).toBe("0.05");
    expect(decimalOfMinor(-5)).toBe("-0.05");
    expect(decimalOfMinor(0)).toBe("0.00");
    expect(decimalOfMinor(-123400)).toBe("-1234.00");
    expect(decimalOfMinor(9007199254740991)).toBe("90071992547409.91");
    expect(decimalOfMinor(-9007199254740991)).toBe("-90071992547409.91");
  });

  it("calendar dates, last days of exclusive ends, timestamps in UTC", () => {
    expect(calendarDateCell("2026-11-01T00:00:00.000Z")).toBe("2026-11-01");
    expect(lastDayCell("2026-12-01T00:00:00.000Z")).toBe("2026-11-30");
    expect(lastDayCell("2027-01-01T00:00:00.000Z")).toBe("2026-12-31");
    expect(timestampCell("2026-11-22T10:30:00+01:00")).toBe("2026-11-22T09:30:00.000Z");
    expect(timestampCell(null)).toBe("");
    expect(calendarDateCell(undefined)).toBe("");
    expect(lastDayCell(null)).toBe("");
    // Something that is not a date passes through rather than vanishing.
    expect(timestampCell("soon")).toBe("soon");
  });

  it("text cells: empty for null, booleans and numbers as written", () => {
    expect(textCell(null)).toBe("");
    expect(textCell(undefined)).toBe("");
    expect(textCell(true)).toBe("true");
    expect(textCell(30)).toBe("30");
    expect(textCell("SOMETHING_NEW")).toBe("SOMETHING_NEW");
  });
});
