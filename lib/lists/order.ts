import type { UrlParam } from "./url-params";

export interface OrderTerm {
  field: string;
  direction: "ASC" | "DESC";
}

/** `orderBy` as the API writes it ("name:ASC,createdAt:DESC"), up to `max` distinct known fields. */
export function parseAsOrderBy(fields: readonly string[], max: number): UrlParam<OrderTerm[]> {
  return {
    parse: (value) => {
      const terms: OrderTerm[] = [];
      for (const part of value.split(",")) {
        const [field, direction] = part.split(":");
        if (!field || !fields.includes(field) || (direction !== "ASC" && direction !== "DESC"))
          return null;
        if (terms.some((t) => t.field === field)) return null;
        terms.push({ field, direction });
      }
      return terms.length > 0 && terms.length <= max ? terms : null;
    },
    serialize: (terms) => terms.map((t) => `${t.field}:${t.direction}`).join(","),
  };
}

/**
 * Header click: plain click sorts by that field alone (ASC, then DESC, then off);
 * shift-click adds it to the order or flips it in place, up to `max` fields.
 */
export function nextOrder(
  current: OrderTerm[] | null,
  field: string,
  additive: boolean,
  max: number,
): OrderTerm[] | null {
  const terms = current ?? [];
  const existing = terms.find((t) => t.field === field);
  if (!additive) {
    if (!existing || terms.length > 1) return [{ field, direction: "ASC" }];
    return existing.direction === "ASC" ? [{ field, direction: "DESC" }] : null;
  }
  if (existing) {
    if (existing.direction === "ASC")
      return terms.map((t) => (t.field === field ? { field, direction: "DESC" as const } : t));
    const rest = terms.filter((t) => t.field !== field);
    return rest.length > 0 ? rest : null;
  }
  if (terms.length >= max) return [...terms.slice(1), { field, direction: "ASC" }];
  return [...terms, { field, direction: "ASC" }];
}
