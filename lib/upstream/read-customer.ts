import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { fetchCustomer } from "../api/client";
import { asApiError } from "../api/errors";
import { UUID_PATTERN } from "../api/schemas";
import { serverFetcher } from "./server-fetcher";

/**
 * One customer for a page, or the error that kept it from being read; read once per
 * request (the title and the page ask for it). An id that is not a UUID, or one the
 * API does not know, is the 404 page, not the API's 400.
 */
export const readCustomer = cache(async (id: string) => {
  if (!UUID_PATTERN.test(id)) notFound();
  try {
    return { ok: true as const, customer: await fetchCustomer(serverFetcher, id) };
  } catch (error) {
    const apiError = asApiError(error);
    if (apiError.kind === "not-found") notFound();
    return { ok: false as const, error: apiError.toJSON() };
  }
});
