/**
 * The Invoicing API's records, written once.
 *
 * `buildSchemas("strict")` is the exact contract: the built-in API validates its own
 * responses against it in tests and the OpenAPI document is generated from it.
 * `buildSchemas("lenient")` is what the dashboard parses real responses with: the
 * real service may add fields or enum values the spec does not list, and those must
 * be shown as they are, never crash a page. Both come from the same definitions.
 */
import { z } from "zod";
import "./zod-in-browser";

import {
  AMENDMENT_STATUSES,
  AMENDMENT_TYPES,
  CLAIMS,
  CONTRACT_HEALTHS,
  CURRENCY_CODES,
  DELIVERY_METHODS,
  INVOICE_STATUSES,
  LIFECYCLE_STATUSES,
  PAYMENT_TYPES,
  USER_ROLES,
  UUID_PATTERN,
} from "./enums";

export * from "./enums";

type Mode = "strict" | "lenient";

/** What every record schema is made of, in one mode. */
function schemaKit(mode: Mode) {
  const lenient = mode === "lenient";
  return {
    lenient,
    object: lenient ? z.looseObject : z.strictObject,
    // An unknown enum value from the real service is kept as its string.
    oneOf: <const T extends readonly [string, ...string[]]>(values: T) =>
      lenient ? z.union([z.enum(values), z.string()]) : z.enum(values),
    uuid: z.string().regex(UUID_PATTERN).meta({ format: "uuid" }),
    dateTime: z.string().meta({ format: "date-time" }),
    safeInt: z.int(),
  };
}

type Kit = ReturnType<typeof schemaKit>;

function moneySchemas({ object, oneOf, safeInt }: Kit) {
  const Money = object({
    value: safeInt,
    currencyCode: oneOf(CURRENCY_CODES),
  }).meta({ id: "Money", description: "Whole number of the currency's smallest unit." });

  /** Keyed by currency code; a currency whose total is 0 is omitted. */
  const MoneyByCurrency = z
    .record(z.string(), Money)
    .meta({ id: "MoneyByCurrency", description: "One money object per currency code." });
  return { Money, MoneyByCurrency };
}

function invoiceSchemas(
  { object, oneOf, uuid, dateTime, safeInt }: Kit,
  Money: ReturnType<typeof moneySchemas>["Money"],
) {
  const ApprovedByUser = object({
    id: uuid,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    role: oneOf(USER_ROLES),
  }).meta({ id: "ApprovedByUser" });

  const InvoiceLine = object({
    id: uuid,
    invoiceId: uuid,
    contractBillableId: uuid,
    description: z.string(),
    billingStartAt: dateTime,
    billingEndAt: dateTime,
    amount: Money,
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "InvoiceLine" });

  const Invoice = object({
    id: uuid,
    customerId: uuid,
    customerName: z.string().nullable(),
    contractId: uuid,
    number: z.string(),
    status: oneOf(INVOICE_STATUSES),
    notes: z.string().nullable(),
    approvedByUserId: uuid.nullable(),
    approvedByUser: ApprovedByUser.nullable(),
    approvedByApiKeyId: uuid.nullable(),
    approvedAt: dateTime.nullable(),
    issuedAt: dateTime.nullable(),
    dueAt: dateTime.nullable(),
    paymentTermsDays: safeInt.nullable(),
    lastPaidAt: dateTime.nullable(),
    paidAt: dateTime.nullable(),
    voidedAt: dateTime.nullable(),
    periodStartAt: dateTime,
    periodEndAt: dateTime,
    lastSentAt: dateTime.nullable(),
    deliveryMethod: oneOf(DELIVERY_METHODS).nullable(),
    totalAmount: Money,
    appliedAmount: Money,
    pendingPaymentAmount: Money,
    remainingAmount: Money,
    lines: z.array(InvoiceLine).nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "Invoice" });
  return { ApprovedByUser, InvoiceLine, Invoice };
}

function customerSchemas(
  { object, oneOf, uuid, dateTime, safeInt }: Kit,
  MoneyByCurrency: ReturnType<typeof moneySchemas>["MoneyByCurrency"],
) {
  const Customer = object({
    id: uuid,
    name: z.string(),
    billingEmail: z.string(),
    invoiceCcEmails: z.array(z.string()),
    emailPaymentFollowUps: z.boolean(),
    lastPaymentFollowUpAt: dateTime.nullable(),
    note: z.string().nullable(),
    invoiceNote: z.string().nullable(),
    outstandingIssuedAmount: MoneyByCurrency,
    contractCount: safeInt,
    contractValueAmount: MoneyByCurrency,
    remainingToInvoiceAmount: MoneyByCurrency,
    contractHealth: oneOf(CONTRACT_HEALTHS),
    coverageContractId: uuid.nullable(),
    coverageContractStartAt: dateTime.nullable(),
    coverageContractEndAt: dateTime.nullable(),
    coverageContractAutoRenew: z.boolean(),
    coverageContractRenewed: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "Customer" });
  return { Customer };
}

function contractSchemas({ object, oneOf, uuid, dateTime, safeInt }: Kit) {
  const Amendment = object({
    id: uuid,
    contractId: uuid,
    amendmentNumber: safeInt,
    status: oneOf(AMENDMENT_STATUSES),
    type: oneOf(AMENDMENT_TYPES),
    processingInvoices: z.boolean(),
    startAt: dateTime,
    endAt: dateTime,
    paymentTermsDays: safeInt,
    finalizedAt: dateTime.nullable(),
    voidedAt: dateTime.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "Amendment" });

  const Contract = object({
    id: uuid,
    customerId: uuid,
    name: z.string(),
    currencyCode: oneOf(CURRENCY_CODES),
    startAt: dateTime,
    endAt: dateTime,
    cancelsAt: dateTime.optional(),
    paymentTermsDays: safeInt,
    lifecycleStatus: oneOf(LIFECYCLE_STATUSES),
    autoIssue: z.boolean(),
    processingInvoices: z.boolean(),
    processingInvoicesStartedAt: dateTime.nullable(),
    autoRenew: z.boolean(),
    notes: z.string().nullable(),
    autoRenewalAt: dateTime.nullable(),
    renewalNoticeDays: safeInt.nullable(),
    renewingContractId: uuid.nullable(),
    renewalContractId: uuid.nullable(),
    currentAmendmentId: uuid.nullable(),
    draftAmendmentId: uuid.nullable(),
    currentAmendmentStatus: oneOf(AMENDMENT_STATUSES).nullable(),
    currentAmendmentStartAt: dateTime.nullable(),
    futureAmendment: Amendment.nullable(),
    subscriptionBillableCount: safeInt,
    oneTimeBillableCount: safeInt,
    contractHealth: oneOf(CONTRACT_HEALTHS),
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "Contract" });
  return { Amendment, Contract };
}

function paymentSchemas({ object, oneOf, uuid, dateTime, safeInt }: Kit) {
  const BankFee = object({
    amountCents: safeInt,
    appliedAmountCents: safeInt,
    unappliedAmountCents: safeInt,
  }).meta({ id: "BankFee" });

  const Payment = object({
    id: uuid,
    type: oneOf(PAYMENT_TYPES),
    parentPaymentId: uuid.nullable(),
    receivedDate: dateTime,
    customerId: uuid.nullable(),
    customerName: z.string().nullable(),
    amountCents: safeInt,
    appliedAmountCents: safeInt,
    unappliedAmountCents: safeInt,
    journalEntryId: uuid.nullable(),
    bankFee: BankFee.nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }).meta({ id: "Payment" });
  return { BankFee, Payment };
}

/** The key's claims, an error's body, the health check. */
function serviceSchemas({ object, uuid, dateTime, lenient }: Kit) {
  const Me = object({
    apiKeyId: uuid,
    entityId: uuid,
    entityName: z.string(),
    authorizationClaims: z.array(lenient ? z.string() : z.enum(CLAIMS)),
    createdAt: dateTime,
  }).meta({ id: "Me" });

  const ApiError = object({
    message: z.string(),
    code: z.string(),
    issues: z.array(object({ message: z.string() })).optional(),
  }).meta({ id: "Error" });

  const Health = object({ status: z.enum(["ok", "unavailable"]) }).meta({ id: "Health" });
  return { Me, ApiError, Health };
}

/** Builds every record schema for one mode. */
export function buildSchemas(mode: Mode) {
  const kit = schemaKit(mode);
  const { Money, MoneyByCurrency } = moneySchemas(kit);
  const { ApprovedByUser, InvoiceLine, Invoice } = invoiceSchemas(kit, Money);
  const { Customer } = customerSchemas(kit, MoneyByCurrency);
  const { Amendment, Contract } = contractSchemas(kit);
  const { BankFee, Payment } = paymentSchemas(kit);
  const { Me, ApiError, Health } = serviceSchemas(kit);

  /** A page of a list; the cursors are absent on an empty page. */
  function Page<T extends z.ZodType>(item: T, id: string) {
    return kit
      .object({
        data: z.array(item),
        hasMore: z.boolean(),
        nextCursor: z.string().optional(),
        prevCursor: z.string().optional(),
      })
      .meta({ id });
  }

  return {
    Money,
    MoneyByCurrency,
    ApprovedByUser,
    InvoiceLine,
    Invoice,
    Customer,
    Amendment,
    Contract,
    BankFee,
    Payment,
    Me,
    ApiError,
    Health,
    InvoicePage: Page(Invoice, "InvoicePage"),
    CustomerPage: Page(Customer, "CustomerPage"),
    ContractPage: Page(Contract, "ContractPage"),
    PaymentPage: Page(Payment, "PaymentPage"),
  };
}

export const strictSchemas = buildSchemas("strict");
export const lenientSchemas = buildSchemas("lenient");

type S = typeof strictSchemas;
export type Money = z.infer<S["Money"]>;
export type MoneyByCurrency = z.infer<S["MoneyByCurrency"]>;
export type Invoice = z.infer<S["Invoice"]>;
export type InvoiceLine = z.infer<S["InvoiceLine"]>;
export type Customer = z.infer<S["Customer"]>;
export type Contract = z.infer<S["Contract"]>;
export type Amendment = z.infer<S["Amendment"]>;
export type Payment = z.infer<S["Payment"]>;
export type Me = z.infer<S["Me"]>;
export type ApiErrorBody = z.infer<S["ApiError"]>;
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  prevCursor?: string;
}
