import type { ApiErrorInfo } from "@/lib/api/errors";
import { ApiRequestError } from "@/lib/api/errors";

/**
 * One part of a view that the key may not be allowed to read (a list needing a
 * claim the key lacks). Refusal is a steady answer, shown in place of that part;
 * any other failure fails the whole walk, so nothing incomplete looks complete.
 */
export type Section<T> = { ok: true; data: T } | { ok: false; error: ApiErrorInfo };

export async function section<T>(work: Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === "unauthorized")
      return { ok: false, error: error.toJSON() };
    throw error;
  }
}
