/**
 * The person's column choice, kept in a list's URL as one display parameter:
 * `columns=contract,delivery,-customer` shows Contract and Delivery on top of the
 * columns the list's priority fits (the table then scrolls sideways) and hides
 * Customer; a column not named keeps the automatic choice. Ids are the list's
 * (its definition's `columns`, the table's column ids); an id the list does not
 * have is dropped, so a link written before a column was renamed still opens.
 *
 * A display parameter: it changes what the table shows, never what is asked of the
 * API (`viewQuery`/`apiQuery` write only the filters' parsers; exports, sums and
 * saved views accept it and leave it out of their API query, lib/export/query.ts).
 */
import type { UrlParam } from "./url-params";

/** The URL parameter's name. */
export const COLUMNS_PARAM = "columns";

/** A column id → shown (true) or hidden (false) by the person's choice. */
export type ColumnChoice = Record<string, boolean>;

const HIDDEN = "-";

/**
 * The `columns` parameter of a list with these column ids. Written in the list's
 * column order (one URL per choice, whatever order the person ticked them in); an
 * empty choice is written as no parameter.
 */
export function parseAsColumnChoice(ids: readonly string[]): UrlParam<ColumnChoice> {
  const known = new Set(ids);
  return {
    parse(value) {
      const choice: ColumnChoice = {};
      for (const part of value.split(",")) {
        const item = part.trim();
        const hidden = item.startsWith(HIDDEN);
        const id = hidden ? item.slice(HIDDEN.length) : item;
        // The last mention of a column wins, as a later tick would.
        if (known.has(id)) choice[id] = !hidden;
      }
      return Object.keys(choice).length > 0 ? choice : null;
    },
    serialize(choice) {
      return ids
        .filter((id) => typeof choice[id] === "boolean")
        .map((id) => (choice[id] ? id : `${HIDDEN}${id}`))
        .join(",");
    },
  };
}

/** A choice as written in the URL, or null (no parameter) when it chooses nothing. */
export function columnChoiceOrNull(choice: ColumnChoice): ColumnChoice | null {
  return Object.values(choice).some((v) => typeof v === "boolean") ? choice : null;
}
