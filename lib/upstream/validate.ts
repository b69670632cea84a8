import "server-only";
import type { z } from "zod";
import { ApiRequestError } from "@/lib/api/errors";
import { lenientSchemas as s } from "@/lib/api/schemas";
import { callApi } from "./call";
import { apiConfig } from "./config";

/** The schema an answer of each API route must match (lenient: extra fields and unknown enum values pass). */
function schemaFor(path: string): z.ZodType | null {
  const [resource, id] = path.split("/").filter(Boolean);
  if (resource === "me" && id === undefined) return s.Me;
  if (resource === "invoices") return id === undefined ? s.InvoicePage : s.Invoice;
  if (resource === "customers") return id === undefined ? s.CustomerPage : s.Customer;
  if (resource === "contracts" && id === undefined) return s.ContractPage;
  if (resource === "payments" && id === undefined) return s.PaymentPage;
  return null;
}

/**
 * Calls the API and checks a successful answer against the record schemas, on the
 * server, so neither the pages nor the browser ever hold data of the wrong shape,
 * and the browser needs no validation library. A wrong shape becomes an
 * `invalid-response` error naming the first fields that are off; error answers pass
 * through unchanged for the caller to read.
 *
 * The built-in API (in-process) is passed through as it answered: it is this app's
 * own code, held to the strict schemas by its test suite, and checking each page
 * again costs CPU under load (docs/decisions.md). Validation guards against a
 * service we do not control.
 */
export async function fetchValidated(pathAndQuery: string): Promise<Response> {
  const response = await callApi(pathAndQuery);
  if (!response.ok || apiConfig().baseUrl === null) return response;
  const path = pathAndQuery.split("?")[0]!;
  const schema = schemaFor(path);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw invalid(path, ["the body is not JSON"]);
  }
  if (schema) {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw invalid(
        path,
        parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`),
      );
    body = parsed.data;
  }
  return Response.json(body, { status: response.status });
}

function invalid(path: string, issues: string[]): ApiRequestError {
  return new ApiRequestError({
    kind: "invalid-response",
    status: 200,
    code: "INVALID_RESPONSE",
    message: `The API answered ${path} with data the dashboard does not understand.`,
    issues,
  });
}
