"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { browserFetcher, type ContractRecord, listQueryOptions } from "@/lib/api/client";
import { customerContractsQuery } from "@/lib/contracts/find";

/** The query of a customer's first 100 contracts (deleted ones too), kept for the session. */
export function customerContractsOptions(customerId: string) {
  return {
    ...listQueryOptions(
      browserFetcher,
      "contracts",
      `${customerContractsQuery(customerId)}&limit=100`,
    ),
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/**
 * One contract of a customer, looked up among the customer's first 100 contracts
 * (deleted ones too): the API has no route for one contract. One query per customer
 * for the session, shared by every row and badge that names one of its contracts,
 * read only while `enabled`. `contract` is undefined until read, or when not among them.
 */
export function useCustomerContract(customerId: string, contractId: string, enabled: boolean) {
  const contracts = useInfiniteQuery({ ...customerContractsOptions(customerId), enabled });
  const id = contractId.toLowerCase();
  const contract: ContractRecord | undefined = contracts.data?.pages[0]?.data.find(
    (c) => c.id.toLowerCase() === id,
  );
  return { contract, isError: contracts.isError, isSuccess: contracts.isSuccess };
}
