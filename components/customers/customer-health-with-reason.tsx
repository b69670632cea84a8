"use client";

import { useState } from "react";
import { customerHealthReason } from "@/lib/contracts/terms";
import { HealthWithReason } from "../contracts/contract-detail-health";
import { useCustomerContract } from "../contracts/use-customer-contract";
import { useDashboardNow } from "../layout/dashboard-clock";

/**
 * A customer's health with its reason: the customer's health is its coverage
 * contract's, whose record (the end of its terms in force, its notice period) is read
 * among the customer's contracts when the reason is first wanted, once per customer.
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
  const now = useDashboardNow();
  const [wanted, setWanted] = useState(false);
  const lookup = useCustomerContract(
    customerId,
    coverageContractId ?? "",
    wanted && coverageContractId !== null,
  );
  const contract = lookup.contract;
  let reason: string;
  if (coverageContractId === null) reason = customerHealthReason(health, null, now);
  else if (contract) reason = customerHealthReason(health, contract, now);
  else if (lookup.isError) reason = "Its coverage contract could not be read.";
  else if (lookup.isSuccess) reason = "Its coverage contract is not among its first 100 contracts.";
  else reason = "Reading its coverage contract…";
  return (
    <HealthWithReason health={health} inRow={inRow} onWanted={() => setWanted(true)}>
      <span aria-live="polite">{reason}</span>
    </HealthWithReason>
  );
}
