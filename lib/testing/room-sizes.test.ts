import path from "node:path";
import { describe, expect, it } from "vitest";
import { longFunctions, type Oversize, oversizedRooms, roomSources } from "./room-sizes";

const ROOT = path.resolve(import.meta.dirname, "../..");

const keyOf = (o: Oversize) => (o.name ? `${o.file} › ${o.name}` : o.file);

describe("room sizes", () => {
  it("measures a function, component or class from its first line to its last, by its name", () => {
    const text = [
      "export function Short() {",
      "  return 1;",
      "}",
      "const Long = () => {",
      "  const a = 1;",
      "  const b = 2;",
      "  return a + b;",
      "};",
      "class Shape {",
      "  area() {",
      "    return 0;",
      "  }",
      "}",
      "items.map((item) => {",
      "  return item;",
      "});",
    ].join("\n");
    expect(longFunctions("x.tsx", text, 3)).toEqual([
      { file: "x.tsx", name: "Long", line: 4, lines: 5 },
      { file: "x.tsx", name: "Shape", line: 9, lines: 5 },
    ]);
    expect(longFunctions("x.tsx", text, 2).map((o) => o.name)).toEqual([
      "Short",
      "Long",
      "Shape",
      "area",
      "(argument of items.map)",
    ]);
  });

  it("reads the sources of app/, components/, lib/, bench/ and deploy/, tests aside", () => {
    const files = roomSources(ROOT);
    expect(files).toContain("lib/api-check/check.ts");
    expect(files).toContain("components/invoices/invoice-detail.tsx");
    expect(files.some((f) => f.endsWith(".test.ts") || f.endsWith(".test.tsx"))).toBe(false);
  });

  it("no file over 400 lines and no function over 120", () => {
    const describe = (o: Oversize) => `${keyOf(o)} (line ${o.line}): ${o.lines} lines`;
    expect(oversizedRooms(ROOT).map(describe)).toEqual([]);
  });
});
