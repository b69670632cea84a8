"use client";

import { useQueryClient } from "@tanstack/react-query";
import { customerHealthReason } from "@/lib/contracts/terms";
import { HealthWithReason } from "../contracts/contract-detail-health";
import { customerContractsOptions, useCustomerContract } from "../contracts/use-customer-contract";
import { useDashboardNow } from "../layout/dashboard-clock";

/**
 * A customer's health with its reason: the customer's health is its coverage
 * contract's, whose record (the end of its terms in force, its notice period) is read
 * among the customer's contracts when the reason is first wanted, once per customer.
 * A row holds no query until then: a list draws many rows and opens few reasons.
 */
export function CustomerHealthWithReason({
  customerId,
  health,
  coverageContractId,
  inRow,
}: {
  customerId: string;
  inRow?: boolean;
  health: string;
  coverageContractId: string | null;
}) {
  const queryClient = useQueryClient();
  return (
    <HealthWithReason
      health={health}
      inRow={inRow}
      onWanted={() => {
        if (coverageContractId !== null)
          void queryClient.prefetchInfiniteQuery(customerContractsOptions(customerId));
      }}
    >
      <CoverageReason
        customerId={customerId}
        health={health}
        coverageContractId={coverageContractId}
      />
    </HealthWithReason>
  );
}

/** The reason in words, once the popover shows it. */
function CoverageReason({
  customerId,
  health,
  coverageContractId,
}: {
  customerId: string;
  health: string;
  coverageContractId: string | null;
}) {
  const now = useDashboardNow();
  const lookup = useCustomerContract(
    customerId,
    coverageContractId ?? "",
    coverageContractId !== null,
  );
  const contract = lookup.contract;
  let reason: string;
  if (coverageContractId === null) reason = customerHealthReason(health, null, now);
  else if (contract) reason = customerHealthReason(health, contract, now);
  else if (lookup.isError) reason = "Its coverage contract could not be read.";
  else if (lookup.isSuccess) reason = "Its coverage contract is not among its first 100 contracts.";
  else reason = "Reading its coverage contract…";
  return <span aria-live="polite">{reason}</span>;
}
