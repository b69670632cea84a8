import "server-only";
import { UUID_PATTERN } from "@/lib/api/enums";
import { looksLikeNumber } from "./client";
import { searchIndex } from "./instance";
import type { InvoiceIndexStatus, InvoiceSearchAnswer } from "./types";

/** The longest number `/invoices/<number>` looks up. */
const MAX_NUMBER_LENGTH = 100;

/**
 * The invoice number an `/invoices/<segment>` address names, or null when it names an
 * id (a uuid) or nothing a number could be (too long, control characters).
 */
export function numberInPath(segment: string): string | null {
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    return null;
  }
  text = text.trim();
  if (!text || UUID_PATTERN.test(text) || text.length > MAX_NUMBER_LENGTH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters name no number
  return /[\u0000-\u001f\u007f-\u009f]/.test(text) ? null : text;
}

/** The id of the invoice numbered exactly `number`, and how far the index has got. */
export async function invoiceIdByNumber(
  number: string,
): Promise<{ id: string | null; index: InvoiceIndexStatus }> {
  const { match, index } = await searchIndex().invoiceByNumber(number);
  return { id: match?.id ?? null, index };
}

/** What the not-found page says of a number no invoice has: the numbers that hold it, and the index's progress. */
export async function numbersLike(number: string): Promise<InvoiceSearchAnswer | null> {
  if (!looksLikeNumber(number)) return null;
  return searchIndex().invoices(number);
}
