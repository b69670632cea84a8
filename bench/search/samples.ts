import Database from "better-sqlite3";
import { DB, LOOKUPS } from "./config";

/** What the lookups type: each kind a list of texts, drawn at random from the bench data. */
export interface Samples {
  /** whole numbers, as printed */
  numbers: string[];
  /** the last six characters of a number (its sequence), as one types what one remembers */
  numberParts: string[];
  /** two words of a name, the second first and cut to three letters, lower-cased */
  words: string[];
  /** the domain of a billing address */
  domains: string[];
}

/** Drawn from the demo key's business (the one an active "Dashboard demo key" reads). */
export function drawSamples(count = LOOKUPS): Samples {
  const db = new Database(DB, { readonly: true });
  try {
    const business = db
      .prepare("SELECT business_id FROM api_keys WHERE revoked_at IS NULL LIMIT 1")
      .pluck()
      .get() as string;
    const numbers = db
      .prepare("SELECT number FROM invoices WHERE business_id = ? ORDER BY random() LIMIT ?")
      .pluck()
      .all(business, count) as string[];
    const customers = db
      .prepare(
        "SELECT name, billing_email AS email FROM customers WHERE business_id = ? AND deleted_at IS NULL ORDER BY random() LIMIT ?",
      )
      .all(business, count) as { name: string; email: string }[];
    return {
      numbers,
      numberParts: numbers.map((n) => n.slice(-6)),
      words: customers.map(({ name }) => {
        const [first = "", second = ""] = name.split(/[^\p{L}\p{N}']+/u);
        return `${second} ${first.slice(0, 3)}`.trim().toLowerCase();
      }),
      domains: customers.map(({ email }) => email.split("@")[1] ?? email),
    };
  } finally {
    db.close();
  }
}
