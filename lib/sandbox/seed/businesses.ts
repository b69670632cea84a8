/**
 * The businesses: each with its users (who approve invoices), a revoked key that
 * once approved some by automation, and its customers in their scenarios.
 */
import { createHash } from "node:crypto";
import { CLAIMS } from "@/lib/api/enums";
import { DAY_MS } from "../clock";
import type { ApprovalKey, BusinessState, SeedContext } from "./context";
import { generateCustomer } from "./customers";
import { timeOn } from "./draws";
import { scenarioDeck } from "./scenarios";
import { TEAM_MAILBOXES } from "./text";

export interface BusinessSpec {
  name: string;
  domain: string;
  customers: number;
}

/** The demo business (`customers` customers) and a second one a tenth its size, for isolation. */
export function businessSpecs(customers: number): BusinessSpec[] {
  return [
    { name: "Acme Cloud", domain: "acmecloud.com", customers },
    {
      name: "Northwind Analytics",
      domain: "northwind-analytics.com",
      customers: Math.max(12, Math.round(customers / 10)),
    },
  ];
}

export function generateBusiness(ctx: SeedContext, spec: BusinessSpec, position: number): void {
  const { rng, ids, today: T } = ctx;
  const id = ids.uuid();
  ctx.rows.business({
    id,
    name: spec.name,
    position,
    createdAt: timeOn(rng, T - rng.int(1000, 1200) * DAY_MS),
  });
  ctx.summary.businesses++;
  const business: BusinessState = {
    id,
    userIds: generateUsers(ctx, id, spec.domain),
    approvalKey: generateApprovalKey(ctx, id),
    invoiceSeq: 0,
    backdatedIssuingLeft: position === 0 ? 2 : 0,
  };

  const deck = scenarioDeck(rng, spec.customers);
  ctx.log(`${spec.name}: ${spec.customers} customers`);
  const started = ctx.summary.invoices;
  for (let i = 0; i < deck.length; i++) {
    generateCustomer(ctx, business, deck[i]!);
    if ((i + 1) % 10000 === 0) ctx.log(`${spec.name}: ${i + 1} customers`);
  }
  ctx.log(`${spec.name}: ${ctx.summary.invoices - started} invoices`);
}

/**
 * Three to six users, an admin first; the second has no name at all (the identity
 * provider has none: a team mailbox), the third a first name only.
 */
function generateUsers(ctx: SeedContext, businessId: string, domain: string): string[] {
  const { rng, ids, faker } = ctx;
  const userIds: string[] = [];
  const count = rng.int(3, 6);
  for (let u = 0; u < count; u++) {
    const id = ids.uuid();
    let firstName: string | null = faker.person.firstName();
    let lastName: string | null = faker.person.lastName();
    let email = `${slug(firstName)}.${slug(lastName)}@${domain}`;
    if (u === 1) {
      email = `${TEAM_MAILBOXES[rng.int(0, TEAM_MAILBOXES.length - 1)]}@${domain}`;
      firstName = null;
      lastName = null;
    } else if (u === 2) {
      lastName = null;
      email = `${slug(firstName)}@${domain}`;
    }
    const role = u === 0 || rng.chance(0.3) ? "ADMIN" : "MEMBER";
    ctx.rows.user({ id, businessId, email, firstName, lastName, role });
    userIds.push(id);
  }
  return userIds;
}

/** The key that approved some invoices by automation, since revoked; its secret is thrown away. */
function generateApprovalKey(ctx: SeedContext, businessId: string): ApprovalKey {
  const { rng, ids, today: T } = ctx;
  const id = ids.uuid();
  const createdAt = timeOn(rng, T - rng.int(400, 460) * DAY_MS);
  const revokedAt = timeOn(rng, T - rng.int(30, 45) * DAY_MS);
  ctx.rows.apiKey({
    id,
    businessId,
    name: "Invoice approval automation",
    secretHash: createHash("sha256").update(ids.hex(32)).digest("hex"),
    claims: JSON.stringify(CLAIMS),
    createdAt,
    revokedAt,
  });
  return { id, createdAt, revokedAt };
}

/** Lower-case letters and digits only, for e-mail addresses. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "");
}
