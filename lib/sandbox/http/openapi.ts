/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the server
 * validates parameters with and the tests check responses against, so the
 * document cannot drift from the code.
 */
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject } from "zod-openapi";
import {
  contractFilterParams,
  customerFilterParams,
  invoiceFilterParams,
  type ParamDefs,
  pagingParams,
  paymentFilterParams,
} from "@/lib/api/list-params";
import { strictSchemas as s, UUID_PATTERN } from "@/lib/api/schemas";

const jsonContent = (schema: z.ZodType) => ({ "application/json": { schema } });

const errorResponse = (description: string) => ({ description, content: jsonContent(s.ApiError) });

const authErrors = {
  "400": errorResponse(
    "Input validation failed: an unknown parameter, a malformed value, or a cursor sent with other filters.",
  ),
  "401": errorResponse("Missing, unknown or revoked key, or a key lacking the route's claim."),
  "500": errorResponse("Unexpected failure."),
};

function listOperation(
  summary: string,
  claim: string,
  params: ParamDefs,
  page: z.ZodType,
): ZodOpenApiOperationObject {
  return {
    summary,
    description: `Required claim: \`${claim}\`. Cursor-paginated: while \`hasMore\` is true, send \`nextCursor\` as \`startingAfter\`.`,
    security: [{ bearer: [] }],
    requestParams: { query: z.object({ ...params, ...pagingParams }).partial() },
    responses: {
      "200": { description: "A page of records.", content: jsonContent(page) },
      ...authErrors,
    },
  };
}

function byIdOperation(
  summary: string,
  claim: string,
  record: z.ZodType,
): ZodOpenApiOperationObject {
  return {
    summary,
    description: `Required claim: \`${claim}\`.`,
    security: [{ bearer: [] }],
    requestParams: {
      path: z.object({ id: z.string().regex(UUID_PATTERN).meta({ format: "uuid" }) }),
    },
    responses: {
      "200": { description: "The record.", content: jsonContent(record) },
      ...authErrors,
      "404": errorResponse("The record does not exist for your business."),
    },
  };
}

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Invoicing API (read-only)",
      version: "0.1.0",
      description:
        "Invoices, customers, contracts and payments of one business, as cursor-paginated lists.",
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    },
    paths: {
      "/health": {
        get: {
          summary: "Health",
          responses: {
            "200": { description: "The database can be read.", content: jsonContent(s.Health) },
            "400": errorResponse("Input validation failed: the route takes no parameter."),
            "503": { description: "The database cannot be read.", content: jsonContent(s.Health) },
          },
        },
      },
      "/openapi.json": {
        get: {
          summary: "This document",
          responses: {
            "200": { description: "OpenAPI 3.1 document." },
            "400": errorResponse("Input validation failed: the route takes no parameter."),
          },
        },
      },
      "/me": {
        get: {
          summary: "The calling key",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "The key and its claims.", content: jsonContent(s.Me) },
            "400": errorResponse("Input validation failed: the route takes no parameter."),
            "401": authErrors["401"],
            "500": authErrors["500"],
          },
        },
      },
      "/invoices": {
        get: listOperation("List invoices", "invoices:read", invoiceFilterParams, s.InvoicePage),
      },
      "/invoices/{id}": {
        get: byIdOperation("One invoice, with its lines", "invoices:read", s.Invoice),
      },
      "/customers": {
        get: listOperation(
          "List customers",
          "customers:read",
          customerFilterParams,
          s.CustomerPage,
        ),
      },
      "/customers/{id}": { get: byIdOperation("One customer", "customers:read", s.Customer) },
      "/contracts": {
        get: listOperation(
          "List contracts",
          "contracts:read",
          contractFilterParams,
          s.ContractPage,
        ),
      },
      "/payments": {
        get: listOperation(
          "List cash payments",
          "payments:read",
          paymentFilterParams,
          s.PaymentPage,
        ),
      },
    },
  });
  return cached;
}
