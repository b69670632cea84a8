import "server-only";
import { ApiRequestError, asApiError, errorAnswer } from "@/lib/api/errors";
import { searchIndex } from "./instance";
import { readSearchQuery, type SearchRequest } from "./query";
import type { CustomerSearchAnswer, InvoiceSearchAnswer, SearchAnswer } from "./types";

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
 * (lib/search/search-index.ts), with how far each index has got. When one index
 * cannot be searched and the other can, the answer holds the one found and names
 * the other's failure; when none can, it is the failure's own answer.
 */
export async function serveSearch(request: Request, asked: SearchRequest): Promise<Response> {
  const index = searchIndex();
  const searches = {
    invoices: () => index.invoices(asked.text),
    customers: () => index.customers(asked.text, request.signal),
  };
  const settled = await Promise.allSettled(asked.kinds.map((kind) => searches[kind]()));
  const answer: SearchAnswer = {};
  let firstFailure: unknown = null;
  settled.forEach((outcome, i) => {
    const kind = asked.kinds[i]!;
    if (outcome.status === "fulfilled") {
      if (kind === "invoices") answer.invoices = outcome.value as InvoiceSearchAnswer;
      else answer.customers = outcome.value as CustomerSearchAnswer;
      return;
    }
    firstFailure ??= outcome.reason;
    answer.failed = { ...answer.failed, [kind]: failureOf(outcome.reason) };
  });
  if (firstFailure !== null && !answer.invoices && !answer.customers)
    return failureAnswer(firstFailure);
  return Response.json(answer, { headers: { "cache-control": "no-store" } });
}

/** What a viewer is told of one index's failure: the API's own words, else general ones (logged in full). */
function failureOf(error: unknown): { code: string | null; message: string } {
  const api = fromApi(error);
  if (api) return { code: api.code, message: api.message };
  console.error(`[search] ${(error as Error).message}`);
  return { code: "SEARCH_FAILED", message: SEARCH_FAILED };
}

const SEARCH_FAILED = "The search could not be answered. Try again.";

/** The API's own failure, whether thrown as the class or as its fields (across a worker thread). */
function fromApi(error: unknown): ApiRequestError | null {
  if (error instanceof ApiRequestError) return error;
  return error && typeof error === "object" && "kind" in error ? asApiError(error) : null;
}

function failureAnswer(thrown: unknown): Response {
  const error = fromApi(thrown);
  if (!error) return errorAnswer(500, "SEARCH_FAILED", SEARCH_FAILED);
  // The API's own refusal (a key without customers:read) passes as it came, as the data route's does.
  const refused = error.status !== null && error.status >= 400 && error.status < 500;
  return errorAnswer(
    refused ? error.status! : 502,
    error.code ?? "UPSTREAM_UNAVAILABLE",
    error.message,
    error.issues,
  );
}
