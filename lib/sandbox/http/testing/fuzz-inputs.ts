/**
 * What the fuzz tests send: hostile values and parameter names, raw malformed
 * fragments, and fast-check generators of whole query strings and by-id paths that
 * mix valid values (real ids of the demo business among them) with junk.
 */
import fc from "fast-check";
import { sandboxInfo, testDatabase } from "../../testing/sandbox";
import { ALL_NAMES, ENUMS, type Kind, ORDER_FIELDS, ROUTE_PARAMS } from "./fuzz-rules";

export const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";
export const HOSTILE_VALUES = [
  "",
  " ",
  "\t",
  "\n",
  "\r\n",
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "' OR 1=1 --",
  '" OR ""="',
  "1; DROP TABLE invoices; --",
  "') UNION SELECT secret_hash FROM api_keys --",
  "%",
  "_",
  "%%",
  "\\",
  "'",
  '"',
  "`",
  "*",
  "?",
  "#",
  "&",
  "=",
  "+",
  "/",
  "..",
  "../../etc/passwd",
  "9007199254740992",
  "9007199254740991",
  "-9007199254740992",
  "-0",
  "0",
  "-1",
  "1e309",
  "-1e309",
  "1e-309",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "0b1",
  "1_0",
  "١٠",
  "１０",
  "10 ",
  " 10",
  "+10",
  "10.0",
  "1e1",
  "100",
  "101",
  "true",
  "false",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"$gt":""}',
  "[object Object]",
  "__proto__",
  "constructor",
  "é",
  "😀",
  "\u202e",
  "\ufeff",
  "\ud7ff",
  "Ω".repeat(300),
  "a".repeat(1025),
  "a".repeat(20_000),
  "A-._".repeat(300),
  "2026-02-30",
  "2026-11-22",
  "9999-12-31T23:59:59.999Z",
  "0000-01-01",
  "+275760-09-13T00:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "2026-11-22T09:30:00.000Z",
  NIL,
  MAX,
  "123e4567-e89b-42d3-a456-426614174000",
  "DRAFT",
  "DRAFT,ISSUED",
  ",,,",
  "issuedAt:ASC",
  "name:ASC,name:ASC",
];
export const HOSTILE_NAMES = [
  "",
  "__proto__",
  "constructor",
  "prototype",
  "hasOwnProperty",
  "toString",
  "valueOf",
  "limit[]",
  "limit[0]",
  "LIMIT",
  " limit",
  "limit ",
  "\u0000limit",
  "😀",
  "a".repeat(5000),
];

/** Percent-encodes anything, lone surrogates included (encodeURIComponent throws on those). */
export function enc(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const next = s.charCodeAt(i + 1);
      const prev = s.charCodeAt(i - 1);
      if (code < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) return c;
      if (code >= 0xdc00 && prev >= 0xd800 && prev < 0xdc00) return c;
      return "\ufffd";
    }),
  );
}

/** Ids of the demo business (and some of the other business) for paths and filters. */
export interface FuzzIds {
  /** By route ("/invoices/{id}", "/customers/{id}"): ids of the demo business. */
  real: Record<string, string[]>;
  /** By route: ids of the other business. */
  other: Record<string, string[]>;
  contracts: string[];
}

let loaded: FuzzIds | undefined;

/** Reads the ids once per worker (the test database does not change under these reads). */
export function fuzzIds(): FuzzIds {
  loaded ??= readIds();
  return loaded;
}

function readIds(): FuzzIds {
  const db = testDatabase();
  const { demoBusinessId, otherBusinessId } = sandboxInfo();
  const pick = (sql: string, business: string) =>
    (db.prepare(sql).all(business) as { id: string }[]).map((r) => r.id);
  return {
    real: {
      "/invoices/{id}": pick(
        "SELECT id FROM invoices WHERE business_id = ? LIMIT 50",
        demoBusinessId,
      ),
      "/customers/{id}": pick(
        "SELECT id FROM customers WHERE business_id = ? AND deleted_at IS NULL LIMIT 50",
        demoBusinessId,
      ),
    },
    other: {
      "/invoices/{id}": pick(
        "SELECT id FROM invoices WHERE business_id = ? LIMIT 10",
        otherBusinessId,
      ),
      "/customers/{id}": pick(
        "SELECT id FROM customers WHERE business_id = ? LIMIT 10",
        otherBusinessId,
      ),
    },
    contracts: pick("SELECT id FROM contracts WHERE business_id = ? LIMIT 50", demoBusinessId),
  };
}

function validValueArb(kind: Kind): fc.Arbitrary<string> {
  const customerIds = () => fuzzIds().real["/customers/{id}"]!;
  switch (kind) {
    case "uuid":
      return fc.oneof(
        fc.constantFrom(...customerIds(), ...fuzzIds().contracts),
        fc.uuid(),
        fc.constantFrom(NIL, MAX),
      );
    case "uuids":
      return fc
        .array(fc.oneof(fc.constantFrom(...customerIds()), fc.uuid()), {
          minLength: 1,
          maxLength: 4,
        })
        .map((a) => a.join(","));
    case "bool":
      return fc.constantFrom("true", "false");
    case "date":
      return fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.boolean()).map(([d, dateOnly]) => {
        const iso = new Date(Date.UTC(2026, 10, 22) + d * 86_400_000).toISOString();
        return dateOnly ? iso.slice(0, 10) : iso;
      });
    case "limit":
      return fc.integer({ min: 1, max: 100 }).map(String);
    case "cursor":
      return fc.string({ unit: fc.constantFrom(..."abcXYZ019._-"), minLength: 1, maxLength: 60 });
    case "search":
      return fc.string({ minLength: 1, maxLength: 20 });
    default: {
      const set = ENUMS[kind];
      if (set) return fc.subarray(set, { minLength: 1 }).map((a) => a.join(","));
      const order = ORDER_FIELDS[kind]!;
      return fc
        .uniqueArray(fc.constantFrom(...order.fields), { minLength: 1, maxLength: order.max })
        .chain((fs) => fc.tuple(...fs.map((f) => fc.constantFrom(`${f}:ASC`, `${f}:DESC`))))
        .map((a) => a.join(","));
    }
  }
}

const junkValueArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_VALUES),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "binary-ascii", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      "\u0000",
      "\u0001",
      "\n",
      "\r",
      "\t",
      "\u007f",
      "%",
      "&",
      "=",
      "+",
      ",",
      ":",
    ),
    maxLength: 12,
  }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.nat({ max: 30_000 }).map((n) => "x".repeat(n)),
);

/** Raw (unencoded) fragments: malformed percent-escapes and separators as they are. */
const rawFragmentArb = fc.constantFrom(
  "%",
  "%z",
  "%zz",
  "%E0%A4%A",
  "%C0%AE",
  "%FF%FE",
  "%00",
  "%25%",
  "&",
  "&&",
  "=",
  "==",
  "a=b=c",
  "+",
  "++=++",
  ";",
  "limit=1;limit=2",
  "%26limit%3D5",
  "limit%3D5",
  "lim%69t=5",
  "limit=%31%30",
  "?",
  "??",
  "[]=",
  "a[b]=c",
);

type Piece = { raw: string } | { name: string; value: string };

function pieceArb(route: string): fc.Arbitrary<Piece> {
  const known = Object.keys(ROUTE_PARAMS[route]!);
  const named = (nameArb: fc.Arbitrary<string>, valueArb: fc.Arbitrary<string>) =>
    fc.record({ name: nameArb, value: valueArb });
  const arbs: fc.WeightedArbitrary<Piece>[] = [
    { weight: 3, arbitrary: named(fc.constantFrom(...ALL_NAMES), junkValueArb) },
    { weight: 2, arbitrary: named(fc.constantFrom(...HOSTILE_NAMES), junkValueArb) },
    { weight: 2, arbitrary: named(fc.string({ unit: "binary", maxLength: 12 }), junkValueArb) },
    { weight: 1, arbitrary: rawFragmentArb.map((raw) => ({ raw })) },
  ];
  if (known.length > 0) {
    arbs.push({
      weight: 6,
      arbitrary: fc
        .constantFrom(...known)
        .chain((name) => named(fc.constant(name), validValueArb(ROUTE_PARAMS[route]![name]!))),
    });
    arbs.push({ weight: 4, arbitrary: named(fc.constantFrom(...known), junkValueArb) });
  }
  return fc.oneof(...arbs);
}

export function queryArb(route: string): fc.Arbitrary<string> {
  return fc
    .array(pieceArb(route), { maxLength: 6 })
    .chain((pieces) =>
      // sometimes send a piece twice (repeated key, same value)
      fc
        .nat({ max: 4 })
        .map((dup) => (dup === 0 && pieces.length > 0 ? [...pieces, pieces[0]!] : pieces)),
    )
    .map((pieces) =>
      pieces.map((p) => ("raw" in p ? p.raw : `${enc(p.name)}=${enc(p.value)}`)).join("&"),
    );
}

export function idArb(route: string): fc.Arbitrary<string> {
  const { real, other } = fuzzIds();
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real[route]!) },
    { weight: 1, arbitrary: fc.constantFrom(...other[route]!) },
    { weight: 1, arbitrary: fc.constantFrom(...real[route]!).map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc
        .oneof(junkValueArb, fc.constantFrom(...HOSTILE_VALUES))
        .filter((s) => s.length > 0 && !/^\.+$/.test(s) && !s.includes("/"))
        .map(enc),
    },
  );
}
