/**
 * Opaque, signed keyset cursors.
 *
 * A cursor carries the sort-key values of the row it points at, which list and
 * business issued it, which direction it reads, and a fingerprint of the filters
 * and order it was issued under. An HMAC over all of it makes any edit (or a
 * cursor the server never issued) detectable, so the server can trust the keys
 * it finds inside. Form: `<payload base64url>.<mac base64url>`, which stays within
 * the spec's alphabet of letters, digits, `.`, `_` and `-`.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export type CursorKey = string | number | null;
export type CursorDirection = "after" | "before";

export interface CursorPayload {
  /** list the cursor belongs to, e.g. "invoices" */
  list: string;
  businessId: string;
  /** fingerprint of the filters and order */
  scope: string;
  direction: CursorDirection;
  keys: CursorKey[];
}

const MAC_BYTES = 18;

export function encodeCursor(secret: string, payload: CursorPayload): string {
  const body = Buffer.from(
    JSON.stringify([
      1,
      payload.list,
      payload.businessId,
      payload.scope,
      payload.direction === "after" ? "a" : "b",
      payload.keys,
    ]),
  ).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

/** The cursor's payload, or null when it was not issued by this server or is malformed. */
export function decodeCursor(secret: string, token: string): CursorPayload | null {
  const dot = token.indexOf(".");
  if (dot <= 0 || dot !== token.lastIndexOf(".")) return null;
  const body = token.slice(0, dot);
  // Compare the MAC as text: decoding base64 would ignore trailing bits, letting a
  // character appended to a valid cursor pass.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (!Array.isArray(decoded) || decoded.length !== 6 || decoded[0] !== 1) return null;
    const [, list, businessId, scope, dir, keys] = decoded as unknown[];
    if (typeof list !== "string" || typeof businessId !== "string" || typeof scope !== "string")
      return null;
    if ((dir !== "a" && dir !== "b") || !Array.isArray(keys)) return null;
    if (!keys.every((k) => k === null || typeof k === "string" || typeof k === "number"))
      return null;
    return { list, businessId, scope, direction: dir === "a" ? "after" : "before", keys };
  } catch {
    return null;
  }
}

function mac(secret: string, body: string): string {
  return createHmac("sha256", secret)
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString("base64url");
}

/**
 * Fingerprint of a list's filters and order. Values are canonical (lists sorted and
 * de-duplicated by the parameter parsers, dates as epoch ms), and keys are sorted
 * here, so the same filters written differently give the same fingerprint.
 */
export function scopeFingerprint(filters: Record<string, unknown>): string {
  const canonical = Object.keys(filters)
    .filter((k) => filters[k] !== undefined)
    .sort()
    .map((k) => [k, filters[k]]);
  return createHash("sha256")
    .update(JSON.stringify(canonical))
    .digest()
    .subarray(0, 12)
    .toString("base64url");
}
