/**
 * What the tests of GET /customers share: the spec's health table (docs/api.md,
 * "Contract health") and the whole customer, invoice and contract lists as the API
 * itself gives them, read once per worker.
 */
import type { Contract, ContractHealth, Customer, Invoice } from "@/lib/api/schemas";
import { ids } from "../../testing/compare";
import { walkForward } from "../../testing/sandbox";
import { SPEC_CONTRACT_HEALTHS } from "../../testing/spec-terms";

/** The spec's health table, in its order. */
export const HEALTHS: ContractHealth[] = [...SPEC_CONTRACT_HEALTHS];

export const rank = (health: string) => HEALTHS.indexOf(health as ContractHealth);

export async function listIds(query: string): Promise<string[]> {
  return ids(await walkForward<Customer>(`/customers${query ? `?${query}` : ""}`));
}

export interface CustomerData {
  customers: Customer[];
  invoices: Invoice[];
  contracts: Contract[];
  contractById: Map<string, Contract>;
  /** Non-deleted contracts per customer id. */
  liveContracts: Map<string, Contract[]>;
}

async function reallyLoadCustomerData(): Promise<CustomerData> {
  const [customers, invoices, contracts] = await Promise.all([
    walkForward<Customer>("/customers"),
    walkForward<Invoice>("/invoices?statuses=DRAFT,APPROVED,ISSUING,ISSUED,VOIDED"),
    walkForward<Contract>("/contracts?statuses=DRAFT,ACTIVE,EXPIRED,CANCELLED,DELETED"),
  ]);
  const contractById = new Map(contracts.map((c) => [c.id, c]));
  const liveContracts = new Map<string, Contract[]>();
  for (const c of contracts) {
    if (c.lifecycleStatus === "DELETED") continue;
    liveContracts.set(c.customerId, [...(liveContracts.get(c.customerId) ?? []), c]);
  }
  return { customers, invoices, contracts, contractById, liveContracts };
}

let loaded: Promise<CustomerData> | undefined;

/** The three whole lists and their indexes, walked once per worker (the data is read-only). */
export function loadCustomerData(): Promise<CustomerData> {
  loaded ??= reallyLoadCustomerData();
  return loaded;
}
