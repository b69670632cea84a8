/**
 * What the tests of businesses and keys share (docs/api.md, "Authentication";
 * docs/readings.md, "Keys and claims"): walking a list with a given key, and the four
 * lists of both businesses, read once per worker.
 */
import { api, sandboxInfo } from "../../testing/sandbox";

export interface Rec {
  id: string;
  [field: string]: unknown;
}
export interface ListBody {
  data: Rec[];
  hasMore: boolean;
  nextCursor?: string;
}

export const EVERY_STATUS = {
  "/invoices": "?statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED",
  "/customers": "",
  "/contracts": "?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED",
  "/payments": "",
} as const;
export type ListPath = keyof typeof EVERY_STATUS;
export const LISTS = Object.keys(EVERY_STATUS) as ListPath[];

export function short(body: unknown): string {
  return JSON.stringify(body).slice(0, 300);
}

export async function walk(path: string, key: string): Promise<Rec[]> {
  const out: Rec[] = [];
  const sep = path.includes("?") ? "&" : "?";
  let cursor: string | undefined;
  for (let n = 0; n < 1000; n++) {
    const res = await api<ListBody>(
      `${path}${sep}limit=100${cursor ? `&startingAfter=${cursor}` : ""}`,
      { key },
    );
    if (res.status !== 200) throw new Error(`${path} → ${res.status} ${short(res.body)}`);
    out.push(...res.body.data);
    if (!res.body.hasMore) return out;
    cursor = res.body.nextCursor;
  }
  throw new Error("walk did not end");
}

export type BusinessLists = Record<"demo" | "other", Record<ListPath, Rec[]>>;

async function reallyLoadBusinessLists(): Promise<BusinessLists> {
  const lists: BusinessLists = {
    demo: { "/invoices": [], "/customers": [], "/contracts": [], "/payments": [] },
    other: { "/invoices": [], "/customers": [], "/contracts": [], "/payments": [] },
  };
  const { keys } = sandboxInfo();
  for (const who of ["demo", "other"] as const)
    for (const path of LISTS)
      lists[who][path] = await walk(`${path}${EVERY_STATUS[path]}`, keys[who]);
  return lists;
}

let loaded: Promise<BusinessLists> | undefined;

/** Every record of the four lists, for the demo and the other business's key. */
export function loadBusinessLists(): Promise<BusinessLists> {
  loaded ??= reallyLoadBusinessLists();
  return loaded;
}

async function firstOf(path: ListPath): Promise<string> {
  const sep = EVERY_STATUS[path] ? "&" : "?";
  const res = await api<ListBody>(`${path}${EVERY_STATUS[path]}${sep}limit=1`, {
    key: sandboxInfo().keys.demo,
  });
  if (res.status !== 200) throw new Error(`${path} → ${res.status} ${short(res.body)}`);
  return res.body.data[0]!.id;
}

let firstIds: Promise<{ demoInvoiceId: string; demoCustomerId: string }> | undefined;

/** The first demo invoice and customer in each list's default order (what the whole lists start with). */
export function firstDemoIds(): Promise<{ demoInvoiceId: string; demoCustomerId: string }> {
  firstIds ??= Promise.all([firstOf("/invoices"), firstOf("/customers")]).then(
    ([demoInvoiceId, demoCustomerId]) => ({ demoInvoiceId, demoCustomerId }),
  );
  return firstIds;
}
