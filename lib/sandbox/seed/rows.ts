/**
 * Writing the demo data to SQLite: one prepared insert per table, each with named
 * parameters (`@name`) bound from a typed row, so a value can only land in the
 * column of its name. Times are epoch milliseconds, flags 0 or 1 (the schema's
 * conventions, storage/schema.ts).
 */
import type Database from "better-sqlite3";

type Time = number;
type Flag = 0 | 1;

export interface BusinessRow {
  id: string;
  name: string;
  position: number;
  createdAt: Time;
}

export interface UserRow {
  id: string;
  businessId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "ADMIN" | "MEMBER";
}

export interface ApiKeyRow {
  id: string;
  businessId: string;
  name: string;
  secretHash: string;
  /** JSON array of claims */
  claims: string;
  createdAt: Time;
  revokedAt: Time | null;
}

export interface CustomerRow {
  id: string;
  businessId: string;
  name: string;
  nameFolded: string;
  billingEmail: string;
  /** JSON array of addresses */
  invoiceCcEmails: string;
  emailPaymentFollowUps: Flag;
  lastPaymentFollowUpAt: Time | null;
  note: string | null;
  invoiceNote: string | null;
  createdAt: Time;
  updatedAt: Time;
  deletedAt: Time | null;
}

export interface ContractRow {
  id: string;
  businessId: string;
  customerId: string;
  name: string;
  currencyCode: string;
  lifecycleStatus: string;
  cancelsAt: Time | null;
  autoIssue: Flag;
  processingInvoices: Flag;
  processingInvoicesStartedAt: Time | null;
  autoRenew: Flag;
  autoRenewalAt: Time | null;
  renewalNoticeDays: number | null;
  notes: string | null;
  renewingContractId: string | null;
  renewalContractId: string | null;
  createdAt: Time;
  updatedAt: Time;
}

export interface AmendmentRow {
  id: string;
  contractId: string;
  amendmentNumber: number;
  status: string;
  type: string;
  processingInvoices: Flag;
  startAt: Time;
  endAt: Time;
  paymentTermsDays: number;
  finalizedAt: Time | null;
  voidedAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
}

export interface BillableRow {
  id: string;
  contractId: string;
  description: string;
  kind: "SUBSCRIPTION" | "ONE_TIME";
  frequency: string | null;
  amountCents: number;
  createdAt: Time;
}

export interface InvoiceRow {
  id: string;
  businessId: string;
  customerId: string;
  contractId: string;
  currencyCode: string;
  number: string;
  status: string;
  notes: string | null;
  issuedCustomerName: string | null;
  approvedByUserId: string | null;
  approvedByApiKeyId: string | null;
  approvedAt: Time | null;
  issuedAt: Time | null;
  paymentTermsDays: number;
  voidedAt: Time | null;
  periodStartAt: Time;
  periodEndAt: Time;
  lastSentAt: Time | null;
  deliveryMethod: string | null;
  needsApproval: Flag;
  createdAt: Time;
  updatedAt: Time;
}

export interface InvoiceLineRow {
  id: string;
  invoiceId: string;
  contractBillableId: string;
  description: string | null;
  billingStartAt: Time;
  billingEndAt: Time;
  amountCents: number;
  createdAt: Time;
  updatedAt: Time;
}

export interface PaymentRow {
  id: string;
  businessId: string;
  customerId: string | null;
  type: "CASH" | "CARD";
  status: "POSTED" | "PENDING";
  parentPaymentId: string | null;
  receivedDate: Time;
  currencyCode: string;
  amountCents: number;
  bankFeeCents: number | null;
  journalEntryId: string | null;
  createdAt: Time;
  updatedAt: Time;
}

export interface PaymentApplicationRow {
  id: string;
  paymentId: string;
  invoiceId: string;
  amountCents: number;
  feeCents: number;
  createdAt: Time;
}

/** Tables the generator fills; their secondary indexes are rebuilt once at the end. */
export const FILLED_TABLES = [
  "businesses",
  "users",
  "api_keys",
  "customers",
  "contracts",
  "amendments",
  "billables",
  "invoices",
  "invoice_lines",
  "payments",
  "payment_applications",
] as const;

type FilledTable = (typeof FILLED_TABLES)[number];

/** Every key of a row, exactly: the columns of its insert, checked by the compiler both ways. */
type Columns<Row> = Record<keyof Row & string, true>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `INSERT INTO table (a_b, …) VALUES (@aB, …)`: each column bound by its row key. */
function insertSql(table: FilledTable, columns: Columns<object>): string {
  const keys = Object.keys(columns);
  return `INSERT INTO ${table} (${keys.map(snakeCase).join(", ")}) VALUES (${keys.map((k) => `@${k}`).join(", ")})`;
}

/** A prepared insert taking one typed row. */
function writer<Row extends object>(
  db: Database.Database,
  table: FilledTable,
  columns: Columns<Row>,
): (row: Row) => void {
  const statement = db.prepare(insertSql(table, columns));
  return (row) => {
    statement.run(row);
  };
}

const BUSINESS_COLUMNS: Columns<BusinessRow> = {
  id: true,
  name: true,
  position: true,
  createdAt: true,
};

const USER_COLUMNS: Columns<UserRow> = {
  id: true,
  businessId: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
};

const API_KEY_COLUMNS: Columns<ApiKeyRow> = {
  id: true,
  businessId: true,
  name: true,
  secretHash: true,
  claims: true,
  createdAt: true,
  revokedAt: true,
};

const CUSTOMER_COLUMNS: Columns<CustomerRow> = {
  id: true,
  businessId: true,
  name: true,
  nameFolded: true,
  billingEmail: true,
  invoiceCcEmails: true,
  emailPaymentFollowUps: true,
  lastPaymentFollowUpAt: true,
  note: true,
  invoiceNote: true,
  createdAt: true,
  updatedAt: true,
  deletedAt: true,
};

const CONTRACT_COLUMNS: Columns<ContractRow> = {
  id: true,
  businessId: true,
  customerId: true,
  name: true,
  currencyCode: true,
  lifecycleStatus: true,
  cancelsAt: true,
  autoIssue: true,
  processingInvoices: true,
  processingInvoicesStartedAt: true,
  autoRenew: true,
  autoRenewalAt: true,
  renewalNoticeDays: true,
  notes: true,
  renewingContractId: true,
  renewalContractId: true,
  createdAt: true,
  updatedAt: true,
};

const AMENDMENT_COLUMNS: Columns<AmendmentRow> = {
  id: true,
  contractId: true,
  amendmentNumber: true,
  status: true,
  type: true,
  processingInvoices: true,
  startAt: true,
  endAt: true,
  paymentTermsDays: true,
  finalizedAt: true,
  voidedAt: true,
  createdAt: true,
  updatedAt: true,
};

const BILLABLE_COLUMNS: Columns<BillableRow> = {
  id: true,
  contractId: true,
  description: true,
  kind: true,
  frequency: true,
  amountCents: true,
  createdAt: true,
};

const INVOICE_COLUMNS: Columns<InvoiceRow> = {
  id: true,
  businessId: true,
  customerId: true,
  contractId: true,
  currencyCode: true,
  number: true,
  status: true,
  notes: true,
  issuedCustomerName: true,
  approvedByUserId: true,
  approvedByApiKeyId: true,
  approvedAt: true,
  issuedAt: true,
  paymentTermsDays: true,
  voidedAt: true,
  periodStartAt: true,
  periodEndAt: true,
  lastSentAt: true,
  deliveryMethod: true,
  needsApproval: true,
  createdAt: true,
  updatedAt: true,
};

const INVOICE_LINE_COLUMNS: Columns<InvoiceLineRow> = {
  id: true,
  invoiceId: true,
  contractBillableId: true,
  description: true,
  billingStartAt: true,
  billingEndAt: true,
  amountCents: true,
  createdAt: true,
  updatedAt: true,
};

const PAYMENT_COLUMNS: Columns<PaymentRow> = {
  id: true,
  businessId: true,
  customerId: true,
  type: true,
  status: true,
  parentPaymentId: true,
  receivedDate: true,
  currencyCode: true,
  amountCents: true,
  bankFeeCents: true,
  journalEntryId: true,
  createdAt: true,
  updatedAt: true,
};

const PAYMENT_APPLICATION_COLUMNS: Columns<PaymentApplicationRow> = {
  id: true,
  paymentId: true,
  invoiceId: true,
  amountCents: true,
  feeCents: true,
  createdAt: true,
};

export type SeedRows = ReturnType<typeof seedRows>;

/** The inserts of every table the generator fills, prepared once on `db`. */
export function seedRows(db: Database.Database) {
  return {
    business: writer<BusinessRow>(db, "businesses", BUSINESS_COLUMNS),
    user: writer<UserRow>(db, "users", USER_COLUMNS),
    apiKey: writer<ApiKeyRow>(db, "api_keys", API_KEY_COLUMNS),
    customer: writer<CustomerRow>(db, "customers", CUSTOMER_COLUMNS),
    contract: writer<ContractRow>(db, "contracts", CONTRACT_COLUMNS),
    amendment: writer<AmendmentRow>(db, "amendments", AMENDMENT_COLUMNS),
    billable: writer<BillableRow>(db, "billables", BILLABLE_COLUMNS),
    invoice: writer<InvoiceRow>(db, "invoices", INVOICE_COLUMNS),
    invoiceLine: writer<InvoiceLineRow>(db, "invoice_lines", INVOICE_LINE_COLUMNS),
    payment: writer<PaymentRow>(db, "payments", PAYMENT_COLUMNS),
    paymentApplication: writer<PaymentApplicationRow>(
      db,
      "payment_applications",
      PAYMENT_APPLICATION_COLUMNS,
    ),
  };
}
