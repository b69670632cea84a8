/**
 * Query parameters of every list route, defined once. Each parameter is a zod schema
 * from the raw query-string value to the typed value; the built-in API validates with
 * them, the OpenAPI document describes them, and the dashboard builds its queries
 * from the same names.
 */
import { z } from "zod";
import "./zod-in-browser";
import { parseDateBound } from "./date-bounds";
import {
  CONTRACT_HEALTHS,
  CUSTOMER_ORDER_FIELDS,
  INVOICE_ORDER_FIELDS,
  INVOICE_STATUSES,
  LIFECYCLE_STATUSES,
  PAYMENT_ORDER_FIELDS,
  SUBSCRIPTION_FREQUENCIES,
  UUID_PATTERN,
} from "./enums";

export { CUSTOMER_ORDER_FIELDS, INVOICE_ORDER_FIELDS, PAYMENT_ORDER_FIELDS };

/**
 * Neither document limits a comma list; a request line is bounded anyway (the
 * server refuses one over 16 KB: about 430 uuids). This only keeps a bigger server
 * limit from ever reaching SQLite's cap on bound parameters.
 */
export const MAX_LIST_IDS = 5_000;

const uuidParam = z
  .string()
  .regex(UUID_PATTERN, { error: "must be a uuid" })
  .transform((v) => v.toLowerCase())
  .meta({ format: "uuid" });

/** Comma-separated values, each checked; duplicates dropped and sorted, since the order written carries no meaning. */
function commaList<T extends string>(item: z.ZodType<T, string>, what: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const parts = raw.split(",");
      if (parts.length > MAX_LIST_IDS) {
        ctx.addIssue({ code: "custom", message: `at most ${MAX_LIST_IDS} values` });
        return z.NEVER;
      }
      const values = new Set<T>();
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({
            code: "custom",
            message: part === "" ? `has an empty value` : `"${clip(part)}" is not ${what}`,
          });
          return z.NEVER;
        }
        values.add(parsed.data);
      }
      return [...values].sort();
    })
    .meta({ description: `Comma-separated ${what} values.` });
}

function enumList<const T extends readonly [string, ...string[]]>(values: T) {
  return commaList(z.enum(values), `one of ${values.join(", ")}`);
}

/**
 * The OpenAPI document shows a query value as what it means (a boolean, an integer),
 * not as the text the parser reads it from: clients generated from the document then
 * type it right.
 */
type JsonSchemaOverride = { jsonSchema: Record<string, unknown> };
function documentAs(type: "boolean" | "integer", extra: Record<string, unknown> = {}) {
  return ({ jsonSchema }: JsonSchemaOverride) => {
    delete jsonSchema.enum;
    delete jsonSchema.pattern;
    Object.assign(jsonSchema, { type, ...extra });
  };
}

const booleanParam = z
  .enum(["true", "false"], { error: "must be true or false" })
  .transform((v) => v === "true")
  .meta({ override: documentAs("boolean") });

const dateParam = z
  .string()
  .transform((raw, ctx) => {
    const ms = parseDateBound(raw);
    if (ms === null) {
      ctx.addIssue({
        code: "custom",
        message: "must be an ISO 8601 date-time or a YYYY-MM-DD date",
      });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ format: "date-time" });

const limitParam = z
  .string()
  .regex(/^\d{1,4}$/, { error: "must be an integer from 1 to 100" })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: "must be from 1 to 100" })
      .max(100, { error: "must be from 1 to 100" }),
  );

export const CURSOR_PATTERN = /^[A-Za-z0-9._-]{1,1024}$/;
const cursorParam = z
  .string()
  .regex(CURSOR_PATTERN, { error: "must be 1 to 1024 letters, digits, '.', '_' or '-'" });

export type SortDirection = "ASC" | "DESC";
export interface SortTerm<F extends string = string> {
  field: F;
  direction: SortDirection;
}

/** `orderBy`: up to `max` distinct fields, each `field:ASC` or `field:DESC`, comma-separated. */
function orderByParam<const F extends readonly [string, ...string[]]>(fields: F, max: number) {
  return z
    .string()
    .transform((raw, ctx) => {
      const terms: SortTerm<F[number]>[] = [];
      const parts = raw.split(",");
      if (parts.length > max) {
        ctx.addIssue({ code: "custom", message: `at most ${max} field${max > 1 ? "s" : ""}` });
        return z.NEVER;
      }
      for (const part of parts) {
        const [field, direction, extra] = part.split(":");
        if (
          extra !== undefined ||
          !(fields as readonly string[]).includes(field ?? "") ||
          (direction !== "ASC" && direction !== "DESC")
        ) {
          ctx.addIssue({
            code: "custom",
            message: `"${clip(part)}" is not one of ${fields.map((f) => `${f}:ASC, ${f}:DESC`).join(", ")}`,
          });
          return z.NEVER;
        }
        if (terms.some((t) => t.field === field)) {
          ctx.addIssue({ code: "custom", message: `"${field}" is given twice` });
          return z.NEVER;
        }
        terms.push({ field: field as F[number], direction });
      }
      return terms;
    })
    .meta({
      description: `Up to ${max} of ${fields.join(", ")}, each :ASC or :DESC, comma-separated.`,
    });
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Parameters every list takes. */
export const pagingParams = {
  limit: limitParam.meta({
    description: "1 to 100, default 50.",
    override: documentAs("integer", { minimum: 1, maximum: 100, default: 50 }),
  }),
  startingAfter: cursorParam.meta({ description: "A nextCursor from a previous page." }),
  endingBefore: cursorParam.meta({ description: "A prevCursor from a previous page." }),
};

export const invoiceFilterParams = {
  customerId: uuidParam.meta({ description: "Only this customer's invoices." }),
  customerIds: commaList(uuidParam, "a uuid"),
  contractId: uuidParam.meta({ description: "Only this contract's invoices." }),
  statuses: enumList(INVOICE_STATUSES).meta({
    description: "Comma-separated statuses; omitted: every status except VOIDED.",
  }),
  needsApproval: booleanParam.meta({
    description: "true: only drafts waiting for a person.",
    override: documentAs("boolean"),
  }),
  issueDateStartAt: dateParam,
  issueDateEndAt: dateParam,
  dueDateStartAt: dateParam,
  dueDateEndAt: dateParam,
  periodStartAtOrAfter: dateParam,
  periodStartBefore: dateParam,
  hasOutstandingBalance: booleanParam,
  hasAppliedPayments: booleanParam,
  hasUncoveredBalance: booleanParam,
  orderBy: orderByParam(INVOICE_ORDER_FIELDS, 1),
};

export const customerFilterParams = {
  search: z
    .string()
    .min(1, { error: "must not be empty" })
    .max(200, { error: "must be at most 200 characters" })
    .meta({ description: "Only customers whose name contains this text, ignoring case." }),
  subscriptionFrequency: z.enum(SUBSCRIPTION_FREQUENCIES, {
    error: `must be one of ${SUBSCRIPTION_FREQUENCIES.join(", ")}`,
  }),
  contractHealths: enumList(CONTRACT_HEALTHS),
  orderBy: orderByParam(CUSTOMER_ORDER_FIELDS, 3),
};

export const contractFilterParams = {
  customerIds: commaList(uuidParam, "a uuid"),
  statuses: enumList(LIFECYCLE_STATUSES).meta({
    description: "Comma-separated lifecycle statuses; omitted: every status except DELETED.",
  }),
  processingInvoices: booleanParam,
};

export const paymentFilterParams = {
  customerId: uuidParam.meta({ description: "Only payments attributed to this customer." }),
  isAttributed: booleanParam,
  hasUnappliedAmount: booleanParam,
  orderBy: orderByParam(PAYMENT_ORDER_FIELDS, 3),
};

export type ParamDefs = Record<string, z.ZodType<unknown, string>>;

/** Each list route's own parameters (beside `pagingParams`), by the list's name. */
export const listFilterParams = {
  invoices: invoiceFilterParams,
  customers: customerFilterParams,
  contracts: contractFilterParams,
  payments: paymentFilterParams,
} satisfies Record<string, ParamDefs>;
export type ParsedParams<D extends ParamDefs> = { [K in keyof D]?: z.output<D[K]> };

export type InvoiceFilters = ParsedParams<typeof invoiceFilterParams>;
export type CustomerFilters = ParsedParams<typeof customerFilterParams>;
export type ContractFilters = ParsedParams<typeof contractFilterParams>;
export type PaymentFilters = ParsedParams<typeof paymentFilterParams>;
export type PagingParams = ParsedParams<typeof pagingParams>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/**
 * Validates a query string against a route's parameters: an unknown or repeated
 * parameter, or a bad value, gives one issue per problem, each naming the parameter.
 */
export function parseQuery<D extends ParamDefs>(
  search: URLSearchParams,
  defs: D,
): ParseResult<ParsedParams<D>> {
  const issues: string[] = [];
  const value: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const [name, raw] of search) {
    if (!Object.hasOwn(defs, name)) {
      issues.push(`${clip(name) || "(empty name)"}: unknown parameter`);
      continue;
    }
    if (seen.has(name)) {
      issues.push(`${name}: given more than once`);
      continue;
    }
    seen.add(name);
    const parsed = defs[name]!.safeParse(raw);
    if (parsed.success) value[name] = parsed.data;
    else for (const issue of parsed.error.issues) issues.push(`${name}: ${issue.message}`);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as ParsedParams<D> };
}
