import { CONTRACT_HEALTHS, CUSTOMER_ORDER_FIELDS, SUBSCRIPTION_FREQUENCIES } from "../api/enums";
import { defineList, multi, text } from "./define";
import { parseAsOrderBy } from "./order";
import { parseAsStringLiteral } from "./url-params";

export const customerList = defineList({
  parsers: {
    search: text,
    contractHealths: multi(CONTRACT_HEALTHS),
    subscriptionFrequency: parseAsStringLiteral(SUBSCRIPTION_FREQUENCIES),
    orderBy: parseAsOrderBy(CUSTOMER_ORDER_FIELDS, 3),
  },
  fields: [
    { kind: "search", key: "search", label: "Name" },
    { kind: "multi", key: "contractHealths", label: "Health", options: CONTRACT_HEALTHS },
    {
      kind: "select",
      key: "subscriptionFrequency",
      label: "Billed",
      options: SUBSCRIPTION_FREQUENCIES,
    },
  ],
  orderFields: CUSTOMER_ORDER_FIELDS,
  maxOrderFields: 3,
  // The table's columns (the `columns` parameter, lib/lists/columns.ts).
  columns: [
    "name",
    "health",
    "coverage",
    "autoRenew",
    "renewed",
    "outstanding",
    "contractValue",
    "remainingToInvoice",
    "contracts",
    "createdAt",
  ],
});
