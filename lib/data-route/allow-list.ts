import { UUID_PATTERN } from "@/lib/api/enums";
import { listFilterParams, pagingParams, parseQuery } from "@/lib/api/list-params";

/** Read by id as well as listed; contracts and payments are lists only. */
const BY_ID = new Set(["invoices", "customers"]);

export type Forward =
  | { ok: true; pathAndQuery: string }
  | { ok: false; status: 400 | 404; issues: string[] };

const NOT_ALLOWED: Forward = { ok: false, status: 404, issues: [] };

/**
 * What the browser may ask the API for through the data route: the four lists with
 * their own parameters (lib/api/list-params.ts), invoices and customers by id, and
 * /me. Returns the API path and query to forward for the route's segments and the
 * browser's query; anything else, and any parameter a list does not know, stops here.
 */
export function allowedForward(segments: string[], search: URLSearchParams): Forward {
  const [resource = "", id, ...rest] = segments;
  if (rest.length > 0) return NOT_ALLOWED;
  if (resource === "me" && id === undefined) return { ok: true, pathAndQuery: "/me" };
  if (id !== undefined && BY_ID.has(resource)) {
    if (!UUID_PATTERN.test(id)) return { ok: false, status: 400, issues: ["id: must be a uuid"] };
    return { ok: true, pathAndQuery: `/${resource}/${id.toLowerCase()}` };
  }
  if (id === undefined && Object.hasOwn(listFilterParams, resource)) {
    const own = listFilterParams[resource as keyof typeof listFilterParams];
    const parsed = parseQuery(search, { ...own, ...pagingParams });
    if (!parsed.ok) return { ok: false, status: 400, issues: parsed.issues };
    // Forward the validated names only, values as the browser wrote them.
    const query = new URLSearchParams();
    for (const name of Object.keys(parsed.value)) query.set(name, search.get(name)!);
    return { ok: true, pathAndQuery: `/${resource}${query.size > 0 ? `?${query}` : ""}` };
  }
  return NOT_ALLOWED;
}
