import { describe, expect, it } from "vitest";
import { csvRecords } from "./csv";
import { createRecordCounter, failureLineReason } from "./download";

describe("createRecordCounter", () => {
  it("counts records, not line breaks inside quoted cells, across any chunking", () => {
    const text = csvRecords([
      ["id", "notes"],
      ["1", "two\nlines"],
      ["2", 'a "quoted"\r\nword'],
      ["3", "plain"],
    ]);
    for (const size of [1, 2, 3, 7, text.length]) {
      const counter = createRecordCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.records, `chunks of ${size}`).toBe(4);
    }
  });
});

describe("failureLineReason", () => {
  it("reads the reason of the line a failed export ends with", () => {
    const plain = csvRecords([["EXPORT INCOMPLETE: failed after 200 rows: The API timed out."]]);
    expect(failureLineReason(`1,2\r\n${plain}`)).toBe("The API timed out.");
    const quoted = csvRecords([['EXPORT INCOMPLETE: failed after 3 rows: Bad "thing", sorry']]);
    expect(failureLineReason(quoted)).toBe('Bad "thing", sorry');
    expect(failureLineReason("id,name\r\n1,x\r\n")).toBeNull();
  });
});
