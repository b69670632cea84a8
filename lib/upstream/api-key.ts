import "server-only";
import { connection } from "next/server";
import { cache } from "react";
import { fetchMe, type MeRecord } from "@/lib/api/client";
import { type ApiErrorInfo, asApiError } from "@/lib/api/errors";
import { apiConfig } from "./config";
import { serverFetcher } from "./server-fetcher";

export type KeyStatus = { ok: true; me: MeRecord } | { ok: false; error: ApiErrorInfo };

/** The calling key and its claims, read once per request. */
export const getKeyStatus = cache(async (): Promise<KeyStatus> => {
  // The key's claims are read per request, never at build time.
  await connection();
  try {
    return { ok: true, me: await fetchMe(serverFetcher) };
  } catch (error) {
    return { ok: false, error: asApiError(error).toJSON() };
  }
});

/** Where the data comes from, for the screen (never the key). */
export function apiSourceLabel(): { builtIn: boolean; url: string } {
  const { baseUrl } = apiConfig();
  return baseUrl === null ? { builtIn: true, url: "/api/v1" } : { builtIn: false, url: baseUrl };
}
