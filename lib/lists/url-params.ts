/**
 * Typed URL query parameters: how a list's filter values are read from a page's URL
 * and written back, on the server (the page's first fetch, exports) and in the browser.
 *
 * Written here rather than taken from nuqs (docs/decisions.md): the URL state itself
 * is Next.js's (`useSearchParams` and `history.pushState`, see `use-url-values.ts`);
 * what is left is reading and writing a few value kinds. The URL format is nuqs's:
 * arrays comma-separated, unreadable values dropped, `,` `:` kept readable.
 */

/** One parameter's reading and writing. `parse` returns null for a value it cannot read. */
export interface UrlParam<T> {
  parse(value: string): T | null;
  serialize(value: T): string;
  /** the values it reads, when it reads a fixed set (lib/lists/api-agreement.test.ts compares them with the API's) */
  options?: readonly string[];
}

export type UrlParams = Record<string, UrlParam<unknown>>;

/** Each parameter's value, null when absent or unreadable. */
export type UrlValues<P extends UrlParams> = {
  [K in keyof P]: P[K] extends UrlParam<infer T> ? T | null : never;
};

/** A page's `searchParams` prop as Next.js hands it to a server component. */
export type PageSearchParams = Record<string, string | string[] | undefined>;

export const parseAsString: UrlParam<string> = { parse: (v) => v, serialize: String };

/** "true" in any case is true; any other value false (as nuqs read it). */
export const parseAsBoolean: UrlParam<boolean> = {
  parse: (v) => v.toLowerCase() === "true",
  serialize: String,
};

export function parseAsStringLiteral<const T extends readonly string[]>(
  options: T,
): UrlParam<T[number]> {
  return {
    parse: (v) => ((options as readonly string[]).includes(v) ? (v as T[number]) : null),
    serialize: String,
    options,
  };
}

/** A value kept when `isValid` says so, and written as read (after `normalize`). */
export function parseAsChecked(
  isValid: (value: string) => boolean,
  normalize = (v: string) => v,
): UrlParam<string> {
  return { parse: (v) => (isValid(v) ? normalize(v) : null), serialize: String };
}

/** Comma-separated items; an item that cannot be read is left out, "" is an empty list. */
export function parseAsArrayOf<T>(item: UrlParam<T>): UrlParam<T[]> {
  return {
    parse: (value) => {
      if (value === "") return [];
      return value
        .split(",")
        .map((part) => item.parse(part.replaceAll("%2C", ",")))
        .filter((v): v is T => v !== null && v !== undefined);
    },
    serialize: (values) => values.map((v) => item.serialize(v).replaceAll(",", "%2C")).join(","),
    options: item.options,
  };
}

function firstValue(search: URLSearchParams | PageSearchParams, key: string): string | null {
  if (search instanceof URLSearchParams) return search.get(key);
  const value = search[key];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** Reads every parameter of `params` from a URL query (the first value of a repeated key). */
export function readUrlValues<P extends UrlParams>(
  params: P,
  search: URLSearchParams | PageSearchParams,
): UrlValues<P> {
  const values: Record<string, unknown> = {};
  for (const [key, param] of Object.entries(params)) {
    const raw = firstValue(search, key);
    let value: unknown = null;
    if (raw !== null) {
      try {
        value = param.parse(raw);
      } catch {
        value = null;
      }
    }
    values[key] = value ?? null;
  }
  return values as UrlValues<P>;
}

/**
 * Writes `values` into a copy of `base`, in the order of `params`: null removes a
 * parameter, undefined leaves it as it is; parameters not in `params` are kept.
 */
export function writeUrlValues<P extends UrlParams>(
  params: P,
  values: Partial<UrlValues<P>>,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const search = new URLSearchParams(base);
  for (const [key, param] of Object.entries(params)) {
    const value = values[key];
    if (value === undefined) continue;
    if (value === null) search.delete(key);
    else search.set(key, param.serialize(value));
  }
  return search;
}

/**
 * A query string ("?a=1&b=x,y", or "" when empty) escaping only what a query value
 * must escape, so commas and colons stay readable in the address bar and in links.
 * Same escaping as nuqs wrote, so URLs shared before read the same.
 */
export function renderQueryString(search: URLSearchParams): string {
  const parts: string[] = [];
  for (const [key, value] of search) {
    const safeKey = escapeQueryPart(key).replaceAll("=", "%3D").replaceAll("?", "%3F");
    parts.push(`${safeKey}=${escapeQueryPart(value)}`);
  }
  return parts.length > 0 ? `?${parts.join("&")}` : "";
}

const QUERY_ESCAPES: Record<string, string> = {
  "%": "%25",
  "+": "%2B",
  " ": "+",
  "#": "%23",
  "&": "%26",
  '"': "%22",
  "'": "%27",
  "`": "%60",
  "<": "%3C",
  ">": "%3E",
};

function escapeQueryPart(text: string): string {
  // [^ -\uFFFF]: the control characters below the space.
  return text.replace(
    /[%+ #&"'`<>]|[^ -\uFFFF]/g,
    (c) => QUERY_ESCAPES[c] ?? encodeURIComponent(c),
  );
}
