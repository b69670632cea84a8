/**
 * API keys: created and revoked by the command line, checked on every request.
 * Only a SHA-256 of each secret is stored. The secrets are 256 random bits, so a
 * fast hash is enough (a slow password hash protects guessable secrets, which
 * these are not), and lookup by hash keeps authentication one indexed read.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import { CLAIMS, type Claim } from "@/lib/api/schemas";
import { now } from "./clock";
import { prepareCached } from "./queries/keyset";

export const MAX_ACTIVE_KEYS = 10;

export interface ApiKeyRecord {
  id: string;
  businessId: string;
  name: string;
  claims: Claim[];
  createdAt: string;
  revokedAt: string | null;
}

export interface Caller {
  keyId: string;
  businessId: string;
  businessName: string;
  claims: Set<string>;
  createdAt: number;
}

export class KeyError extends Error {}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function createKey(
  db: Database.Database,
  options: { businessId: string; claims?: string[]; name?: string },
): { id: string; secret: string } {
  const business = db.prepare("SELECT id FROM businesses WHERE id = ?").get(options.businessId);
  if (!business) throw new KeyError(`No business with id ${options.businessId}`);
  const claims = options.claims ?? [...CLAIMS];
  for (const claim of claims) {
    if (!(CLAIMS as readonly string[]).includes(claim))
      throw new KeyError(`Unknown claim "${claim}"; claims are ${CLAIMS.join(", ")}`);
  }
  const create = db.transaction(() => {
    const { active } = db
      .prepare(
        "SELECT count(*) AS active FROM api_keys WHERE business_id = ? AND revoked_at IS NULL",
      )
      .get(options.businessId) as { active: number };
    if (active >= MAX_ACTIVE_KEYS)
      throw new KeyError(
        `The business already has ${MAX_ACTIVE_KEYS} active keys; revoke one first`,
      );
    const id = randomUUID();
    const secret = `inv_sk_${randomBytes(32).toString("base64url")}`;
    db.prepare(
      "INSERT INTO api_keys (id, business_id, name, secret_hash, claims, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(
      id,
      options.businessId,
      options.name ?? "API key",
      hashSecret(secret),
      JSON.stringify([...new Set(claims)]),
      now(),
    );
    return { id, secret };
  });
  return create.immediate();
}

interface KeyRow {
  id: string;
  business_id: string;
  name: string;
  claims: string;
  created_at: number;
  revoked_at: number | null;
}

function toRecord(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    businessId: row.business_id,
    name: row.name,
    claims: JSON.parse(row.claims) as Claim[],
    createdAt: new Date(row.created_at).toISOString(),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  };
}

export function listKeys(db: Database.Database): ApiKeyRecord[] {
  const rows = db
    .prepare(
      "SELECT k.* FROM api_keys k JOIN businesses b ON b.id = k.business_id ORDER BY b.position, k.created_at, k.id",
    )
    .all() as KeyRow[];
  return rows.map(toRecord);
}

export function revokeKey(db: Database.Database, id: string): { id: string; revokedAt: string } {
  const row = db.prepare("SELECT * FROM api_keys WHERE id = ?").get(id) as KeyRow | undefined;
  if (!row) throw new KeyError(`No key with id ${id}`);
  if (row.revoked_at !== null)
    return { id: row.id, revokedAt: new Date(row.revoked_at).toISOString() };
  const revokedAt = now();
  db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").run(revokedAt, id);
  return { id, revokedAt: new Date(revokedAt).toISOString() };
}

/** The caller behind an `Authorization` header, or null for a missing, unknown or revoked key. */
export function authenticate(db: Database.Database, authorization: string | null): Caller | null {
  const match = /^Bearer +([^\s]+) *$/i.exec(authorization ?? "");
  if (!match) return null;
  const row = prepareCached(
    db,
    `SELECT k.id, k.business_id, k.claims, k.created_at, b.name AS business_name
       FROM api_keys k JOIN businesses b ON b.id = k.business_id
       WHERE k.secret_hash = ? AND k.revoked_at IS NULL`,
  ).get(hashSecret(match[1]!)) as
    | { id: string; business_id: string; claims: string; created_at: number; business_name: string }
    | undefined;
  if (!row) return null;
  return {
    keyId: row.id,
    businessId: row.business_id,
    businessName: row.business_name,
    claims: new Set(JSON.parse(row.claims) as string[]),
    createdAt: row.created_at,
  };
}
