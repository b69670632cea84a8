/**
 * What the GET /contracts and GET /payments tests share: the keys that occur most
 * often in a list (to pick customers with many records), and the check that a
 * malformed value is a 400.
 */
import { expect } from "vitest";
import { cmp } from "../../testing/compare";
import { api } from "../../testing/sandbox";

export function mostFrequent<T>(rows: T[], key: (row: T) => string | null): string[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0])).map(([k]) => k);
}

export async function expect400(path: string) {
  const res = await api(path);
  expect(res.status, path).toBe(400);
  expect(res.body.code, path).toBe("BAD_REQUEST");
}
