/**
 * Customers: a company name and addresses from the seeded faker, dates fitted around
 * its contracts (created before the first, maybe renamed, reminded or deleted since),
 * then its contracts written with their invoices and payments.
 */
import { DAY_MS } from "../clock";
import { foldCase } from "../fold-case";
import { slug } from "./businesses";
import type { BusinessState, CustomerState, SeedContext } from "./context";
import type { ContractPlan } from "./contract-plans";
import { writeContract } from "./contracts";
import { HOUR, MINUTE, timeOn } from "./draws";
import { planContracts } from "./scenario-plans";
import type { Scenario } from "./scenarios";
import { BILLING_PREFIXES, CUSTOMER_NOTES, TLDS } from "./text";

const DOMAIN_STOP_WORDS = new Set(["and", "inc", "llc", "ltd", "group", "co", "plc", "gmbh"]);

/** "Bartell, D'Amore and Haley" -> "bartell-damore": the first one or two words of a company name. */
function domainLabel(name: string): string {
  const words = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/'/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !DOMAIN_STOP_WORDS.has(w));
  return words.slice(0, 2).join("-") || "customer";
}

interface CustomerText {
  name: string;
  billingEmail: string;
  cc: string[];
  note: string | null;
  invoiceNote: string | null;
  oldName: string | null;
}

/** Name, addresses and notes, all from the faker stream. */
function customerText(ctx: SeedContext): CustomerText {
  const { faker } = ctx;
  const name = faker.company.name();
  const domain = `${domainLabel(name)}${faker.helpers.arrayElement(TLDS)}`;
  const billingEmail = `${faker.helpers.arrayElement(BILLING_PREFIXES)}@${domain}`;
  const ccCount = faker.number.int({ min: 0, max: 2 });
  const cc: string[] = [];
  for (let i = 0; i < ccCount; i++) {
    cc.push(`${slug(faker.person.firstName())}.${slug(faker.person.lastName())}@${domain}`);
  }
  const note = faker.datatype.boolean(0.2) ? faker.helpers.arrayElement(CUSTOMER_NOTES) : null;
  let invoiceNote: string | null = null;
  if (faker.datatype.boolean(0.15)) {
    invoiceNote = faker.helpers.arrayElement([
      `PO ${faker.string.numeric(10)}`,
      `VAT ID: ${faker.helpers.arrayElement(["DE", "FR", "NL", "IE"])}${faker.string.numeric(9)}`,
      "Please quote the invoice number on your remittance.",
      "Tax exempt: certificate on file.",
    ]);
  }
  const oldName = faker.datatype.boolean(0.03) ? faker.company.name() : null;
  return { name, billingEmail, cc, note, invoiceNote, oldName };
}

export function generateCustomer(
  ctx: SeedContext,
  business: BusinessState,
  scenario: Scenario,
): void {
  const { rng, ids, today: T } = ctx;
  const contracts = planContracts(ctx, business, scenario);
  const text = customerText(ctx);

  const createdAt = customerCreatedAt(ctx, contracts);
  let updatedAt = Math.min(createdAt + rng.int(0, 30) * DAY_MS, T - HOUR);
  let renamedAt = 0;
  if (text.oldName) {
    renamedAt = Math.min(
      Math.max(timeOn(rng, T - rng.int(10, 400) * DAY_MS), createdAt + 2 * DAY_MS),
      T - HOUR,
    );
    updatedAt = Math.max(updatedAt, renamedAt);
  }
  const followUps = rng.chance(0.75);
  let lastFollowUp: number | null = null;
  if (followUps && contracts.length > 0 && rng.chance(0.4)) {
    lastFollowUp = Math.max(timeOn(rng, T - rng.int(1, 30) * DAY_MS), createdAt + HOUR);
    if (lastFollowUp > T) lastFollowUp = null;
    else updatedAt = Math.max(updatedAt, lastFollowUp);
  }
  let deletedAt: number | null = null;
  if (contracts.length > 0 && rng.chance(0.022)) {
    const lastContract = Math.max(0, ...contracts.map((c) => c.createdAt));
    deletedAt = Math.max(
      timeOn(rng, T - rng.int(1, 90) * DAY_MS),
      lastContract + HOUR,
      createdAt + HOUR,
    );
    if (deletedAt > T) deletedAt = T - rng.int(1, 50) * MINUTE;
    updatedAt = Math.max(updatedAt, deletedAt);
  }

  const id = ids.uuid();
  ctx.rows.customer({
    id,
    businessId: business.id,
    name: text.name,
    nameFolded: foldCase(text.name),
    billingEmail: text.billingEmail,
    invoiceCcEmails: JSON.stringify(text.cc),
    emailPaymentFollowUps: followUps ? 1 : 0,
    lastPaymentFollowUpAt: lastFollowUp,
    note: text.note,
    invoiceNote: text.invoiceNote,
    createdAt,
    updatedAt,
    deletedAt,
  });
  ctx.summary.customers++;
  const customer: CustomerState = {
    id,
    name: text.name,
    oldName: text.oldName,
    renamedAt,
  };
  for (const c of contracts) writeContract(ctx, business, customer, c);
}

/** Before its first contract; a customer without contracts some time in the last 900 days. */
function customerCreatedAt(ctx: SeedContext, contracts: ContractPlan[]): number {
  const { rng, today: T } = ctx;
  if (contracts.length === 0) return timeOn(rng, T - rng.int(10, 900) * DAY_MS);
  const firstContract = Math.min(...contracts.map((c) => c.createdAt));
  return firstContract - rng.int(1, 60) * DAY_MS - rng.int(0, 8 * HOUR);
}
