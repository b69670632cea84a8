/**
 * Text as the searches compare it: case, accents and punctuation ignored. Shared by
 * the server's index and the browser (what stays listed while a search runs), so
 * both read a name the same way.
 */

/** Letters that carry no accent to strip in Unicode (NFKD leaves them whole), read as people type them. */
const PLAIN_LETTERS: Record<string, string> = {
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ħ: "h",
  ı: "i",
  æ: "ae",
  œ: "oe",
  þ: "th",
};
const PLAIN_LETTER = new RegExp(`[${Object.keys(PLAIN_LETTERS).join("")}]`, "g");

/**
 * Folds `text` for comparison: accents dropped (é → e, ß → ss, ø → o), case folded
 * (upper- then lower-casing, as the built-in API's search does), apostrophes dropped
 * ("O'Neil" reads as "oneil") and every other run of punctuation or space made one
 * space, trimmed.
 *
 * @example
 * foldText("Wiza, Klein & Søns") // "wiza klein sons"
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .toLowerCase()
    .replaceAll("ς", "σ")
    .replace(PLAIN_LETTER, (letter) => PLAIN_LETTERS[letter] ?? letter)
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The distinct words of `text`, folded: what each must be found for a name to match. */
export function searchWords(text: string): string[] {
  const folded = foldText(text);
  return folded ? [...new Set(folded.split(" "))] : [];
}

/**
 * Whether every word is in the folded name, in any order (each as part of a word:
 * "wiza k" finds "Wiza, Klein and Sons").
 */
export function hasEveryWord(foldedName: string, words: string[]): boolean {
  return words.every((word) => foldedName.includes(word));
}

/**
 * What is typed, read as an e-mail address or part of one: it holds an `@`, or it is
 * one word with a dot inside ("bailey.example"). Lower-cased, a leading `@` dropped.
 * Null when it reads as words.
 */
export function emailTerm(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  if (/\s/.test(trimmed) || trimmed.length < 3) return null;
  if (trimmed.includes("@")) return trimmed.replace(/^@/, "") || null;
  return /^[^.]+(\.[^.]+)+$/.test(trimmed) && /\p{L}/u.test(trimmed) ? trimmed : null;
}
