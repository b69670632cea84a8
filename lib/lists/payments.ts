import { PAYMENT_ORDER_FIELDS } from "../api/enums";
import { bool, defineList, parseAsUuid } from "./define";
import { parseAsOrderBy } from "./order";

export const paymentList = defineList({
  parsers: {
    customerId: parseAsUuid,
    isAttributed: bool,
    hasUnappliedAmount: bool,
    orderBy: parseAsOrderBy(PAYMENT_ORDER_FIELDS, 3),
  },
  fields: [
    {
      kind: "boolean",
      key: "isAttributed",
      label: "Attributed",
      yes: "Attributed to a customer",
      no: "Not yet attributed",
    },
    {
      kind: "boolean",
      key: "hasUnappliedAmount",
      label: "Unapplied",
      yes: "With an unapplied amount",
      no: "Fully applied",
    },
  ],
  orderFields: PAYMENT_ORDER_FIELDS,
  maxOrderFields: 3,
  // The table's columns (the `columns` parameter, lib/lists/columns.ts).
  columns: [
    "receivedDate",
    "customer",
    "amount",
    "applied",
    "unapplied",
    "bankFee",
    "bankFeeApplied",
    "bankFeeUnapplied",
    "type",
    "parentPayment",
    "journalEntry",
    "createdAt",
    "updatedAt",
  ],
});
