import type { IncomingHttpHeaders } from "node:http";

/**
 * Server actions whose body cannot be decoded, found before Next.js tries: Next.js
 * decodes it with React's `decodeReply` and answers any failure 500, logging its stack
 * (invalid JSON, nesting deep enough to overflow the decoder's recursion, a multipart
 * body cut short). Here they get 400 naming the issue, and nothing is logged.
 *
 * React's reply format: a fetch action's body is JSON text, or a multipart form whose
 * fields named by a number (the rows) and `$ACTION_<n>:<m>` (a form's bound arguments,
 * posted without script) are JSON; other fields are the form's own values.
 */

/** Deeper than any argument of this app's actions; React's decoder overflows near 5,000. */
export const MAX_ACTION_NESTING = 64;

/** A POST to a page that Next.js takes for a server action: it then decodes the body. */
export function isServerActionPost(
  method: string | undefined,
  pathname: string,
  headers: IncomingHttpHeaders,
): boolean {
  if (method !== "POST" || pathname === "/api" || pathname.startsWith("/api/")) return false;
  return headers["next-action"] !== undefined || isMultipart(headers["content-type"]);
}

const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\s*;/i.test(contentType ?? "");

const JSON_FIELD = /^(?:\d+|\$ACTION_\d+:\d+)$/;

/** Why React could not decode this server action's body, or null when nothing is wrong with its form. */
export async function malformedActionBody(
  contentType: string | undefined,
  body: Buffer,
): Promise<string | null> {
  if (!isMultipart(contentType)) return jsonIssue("the body", body.toString("utf8"));
  let form: FormData;
  try {
    // The multipart parser Next.js itself uses for a form posted without script.
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": contentType ?? "" },
    }).formData();
  } catch {
    return "the body is not a well-formed multipart form";
  }
  for (const [name, value] of form) {
    if (typeof value !== "string" || !JSON_FIELD.test(name)) continue;
    const issue = jsonIssue(`the field ${name}`, value);
    if (issue) return issue;
  }
  return null;
}

function jsonIssue(what: string, text: string): string | null {
  // Measured before parsing: the scan costs what the body's length does, whatever its depth.
  if (nestingDepth(text) > MAX_ACTION_NESTING)
    return `${what} nests deeper than ${MAX_ACTION_NESTING} levels`;
  try {
    JSON.parse(text);
    return null;
  } catch {
    return `${what} is not JSON`;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * How deep arrays and objects nest in JSON text, brackets inside strings aside; one
 * pass, no recursion. Written here: a parser would have to build the value to say.
 */
export function nestingDepth(json: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const code = json.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPENERS.has(code)) deepest = Math.max(deepest, ++depth);
    else if (CLOSERS.has(code)) depth--;
  }
  return deepest;
}
