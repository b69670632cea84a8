import "server-only";
import { ApiRequestError, errorAnswer } from "@/lib/api/errors";
import { searchIndex } from "./instance";
import { readSearchQuery, type SearchRequest } from "./query";
import type { SearchAnswer } from "./types";

/** What a search request asks for, or the 400 naming what is wrong with it. */
export function readSearchRequest(request: Request) {
  const asked = readSearchQuery(new URL(request.url).searchParams);
  if ("issues" in asked)
    return errorAnswer(400, "BAD_REQUEST", "Input validation failed", asked.issues);
  return asked;
}

/**
 * GET /api/search?q=…[&in=invoices|customers]: the invoices whose number holds the
 * text and the customers its words or address find, from this instance's indexes
 * (lib/search/search-index.ts), with how far each index has got.
 */
export async function serveSearch(request: Request, asked: SearchRequest): Promise<Response> {
  const index = searchIndex();
  const answer: SearchAnswer = {};
  try {
    const [invoices, customers] = await Promise.all([
      asked.kinds.includes("invoices") ? index.invoices(asked.text) : undefined,
      asked.kinds.includes("customers") ? index.customers(asked.text, request.signal) : undefined,
    ]);
    if (invoices) answer.invoices = invoices;
    if (customers) answer.customers = customers;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) {
      console.error(`[search] ${(error as Error).message}`);
      return errorAnswer(500, "SEARCH_FAILED", "The search could not be answered. Try again.");
    }
    // The API's own refusal (a key without customers:read) passes as it came, as the data route's does.
    const refused = error.status !== null && error.status >= 400 && error.status < 500;
    return errorAnswer(
      refused ? error.status! : 502,
      error.code ?? "UPSTREAM_UNAVAILABLE",
      error.message,
      error.issues,
    );
  }
  return Response.json(answer, { headers: { "cache-control": "no-store" } });
}
