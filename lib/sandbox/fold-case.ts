/**
 * Text as the customers `search` compares it, "ignoring case" (spec): Unicode full case
 * folding, approximated by upper- then lower-casing (so "ß" and "SS" are both "ss"),
 * with the final sigma folded to σ as case folding does ("ΟΔΥΣΣΕΥΣ" contains "οδυσσευσ").
 * Both the stored names (`customers.name_folded`) and the searched text go through it.
 */
export function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase().replaceAll("ς", "σ");
}

/** Bumped when foldCase changes: databases folded by an older version are refolded on open. */
export const FOLD_VERSION = "2";
