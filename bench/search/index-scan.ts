/**
 * Part of `npm run bench:search`, run by it in a process of its own (node with the
 * react-server condition, so the server-only modules load, and --expose-gc): the
 * number index built in memory from every invoice of the bench database's demo
 * business, as the walk would read them, without the API or the walk. Prints the
 * invoices, the heap the index takes, and lookups by whole number and by part of one
 * (p50, p99, max): what a search costs at full size whatever the machine's walk speed.
 */
import Database from "better-sqlite3";
import { InvoiceIndex } from "../../lib/search/invoice-index";
import { InvoiceSegment, SEGMENT_SIZE, SharedStrings } from "../../lib/search/invoice-segment";
import type { InvoiceMatch } from "../../lib/search/types";
import { DB, LOOKUPS } from "./config";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const heapMiB = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20 + process.memoryUsage().arrayBuffers / 2 ** 20;
};

interface Row {
  id: string;
  number: string;
  customer_id: string;
  name: string | null;
  status: string;
  total_cents: number;
  currency_code: string;
  issued_at: number | null;
  period_start_at: number;
}

function* readRows(db: Database.Database, business: string): Generator<InvoiceMatch> {
  const rows = db
    .prepare(
      `SELECT i.id, i.number, i.customer_id, COALESCE(i.issued_customer_name, c.name) AS name,
         i.status, i.total_cents, i.currency_code, i.issued_at, i.period_start_at
       FROM invoices i JOIN customers c ON c.id = i.customer_id
       WHERE i.business_id = ? ORDER BY i.created_at, i.id`,
    )
    .iterate(business) as Iterable<Row>;
  for (const r of rows)
    yield {
      id: r.id,
      number: r.number,
      customerId: r.customer_id,
      customerName: r.name,
      status: r.status,
      total: { value: r.total_cents, currencyCode: r.currency_code },
      issuedAt: r.issued_at === null ? null : new Date(r.issued_at).toISOString(),
      periodStartAt: new Date(r.period_start_at).toISOString(),
    };
}

function timed(run: (text: string) => unknown, texts: string[]) {
  const times = texts.map((text) => {
    const started = performance.now();
    run(text);
    return performance.now() - started;
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`;
}

const db = new Database(DB, { readonly: true });
const business = db
  .prepare("SELECT business_id FROM api_keys WHERE revoked_at IS NULL LIMIT 1")
  .pluck()
  .get() as string;
const before = heapMiB();
const shared = new SharedStrings();
const segments: InvoiceSegment[] = [];
let batch: InvoiceMatch[] = [];
for (const match of readRows(db, business)) {
  batch.push(match);
  if (batch.length === SEGMENT_SIZE) {
    segments.push(new InvoiceSegment(shared, batch));
    batch = [];
  }
}
if (batch.length > 0) segments.push(new InvoiceSegment(shared, batch));
batch = [];
const index = new InvoiceIndex(shared, {
  finals: segments,
  far: [],
  near: [],
  nearFrom: Number.NEGATIVE_INFINITY,
});
const heap = heapMiB() - before;
const numbers = db
  .prepare("SELECT number FROM invoices WHERE business_id = ? ORDER BY random() LIMIT ?")
  .pluck()
  .all(business, LOOKUPS) as string[];
db.close();
console.log(
  `  in memory: ${index.count.toLocaleString("en-US")} invoices in ${heap.toFixed(0)} MiB of heap (${((heap * 2 ** 20) / index.count).toFixed(0)} bytes an invoice)`,
);
console.log(`    whole number   ${timed((n) => index.exact(n), numbers)}`);
console.log(
  `    part of number ${timed(
    (n) => index.find(n),
    numbers.map((n) => n.slice(-6)),
  )}`,
);
console.log(
  `    "2025" (many)  ${timed(
    (n) => index.find(n),
    numbers.map(() => "2025"),
  )}`,
);
