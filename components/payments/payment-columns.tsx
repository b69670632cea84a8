"use client";

import type { PaymentRecord } from "@/lib/api/client";
import { formatCents, formatDate, humanize } from "@/lib/format";
import { paymentList } from "@/lib/lists/payments";
import { NameOverEmail, NamesakeEmailAfter, useNamesakeEmail } from "../customers/namesakes";
import { AmountLines, CellLink, cardColumn } from "../data-table/cells";
import { type ColumnIdOf, listColumns, type TableColumn } from "../data-table/table-columns";
import { Timestamp } from "../timestamp";

/** The money columns' texts (cents, no currency): what a cell shows and its column's width. */
const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? [] : [formatCents(value)];
const amount = (p: PaymentRecord) => cents(p.amountCents);
const applied = (p: PaymentRecord) => cents(p.appliedAmountCents);
const unapplied = (p: PaymentRecord) => cents(p.unappliedAmountCents);
const bankFee = (p: PaymentRecord) => cents(p.bankFee?.amountCents);
const bankFeeApplied = (p: PaymentRecord) => cents(p.bankFee?.appliedAmountCents);
const bankFeeUnapplied = (p: PaymentRecord) => cents(p.bankFee?.unappliedAmountCents);

/** Where a payment row leads: its customer, or the payments still to attribute. */
export function paymentHref(payment: PaymentRecord): string {
  return payment.customerId ? `/customers/${payment.customerId}` : "/payments?isAttributed=false";
}

function PaymentCustomer({ payment }: { payment: PaymentRecord }) {
  return payment.customerId ? (
    <CellLink
      href={`/customers/${payment.customerId}`}
      className="truncate text-accent hover:underline"
      title={payment.customerName ?? undefined}
    >
      {payment.customerName ?? payment.customerId.slice(0, 8)}
    </CellLink>
  ) : (
    <span className="text-fg-muted">Not attributed</span>
  );
}

/** The customer column: the name, over its e-mail when another customer bears that name. */
function PaymentCustomerCell({ payment }: { payment: PaymentRecord }) {
  return (
    <NameOverEmail
      email={useNamesakeEmail(payment.customerId)}
      name={<PaymentCustomer payment={payment} />}
    />
  );
}

/** The card's line under the customer: the day received, and the e-mail of a customer whose name another bears. */
function CardReceived({ payment }: { payment: PaymentRecord }) {
  return (
    <>
      {formatDate(payment.receivedDate)}
      <NamesakeEmailAfter customerId={payment.customerId} />
    </>
  );
}

function ShortId({ id }: { id: string | null }) {
  if (!id) return <>—</>;
  return (
    <span className="font-mono text-xs" title={id}>
      {id.slice(0, 8)}
    </span>
  );
}

/** The payment list's columns (ids from lib/lists/payments.ts). */
const PAYMENT_COLUMNS = listColumns<PaymentRecord, ColumnIdOf<typeof paymentList>>(
  paymentList.columns,
  {
    receivedDate: {
      header: "Received",
      size: 130,
      enableHiding: false,
      meta: { sortField: "receivedDate" },
      cell: ({ row }) => formatDate(row.original.receivedDate),
    },
    customer: {
      header: "Customer",
      size: 180,
      meta: {
        sortField: "customerName",
        priority: 1,
        grow: true,
        text: (p: PaymentRecord) => p.customerName,
      },
      cell: ({ row }) => <PaymentCustomerCell payment={row.original} />,
    },
    amount: {
      header: "Amount",
      meta: {
        sortField: "amountCents",
        align: "right",
        amounts: amount,
        priority: 1,
      },
      cell: ({ row }) => <AmountLines lines={amount(row.original)} />,
    },
    applied: {
      header: "Applied",
      meta: {
        sortField: "appliedAmountCents",
        align: "right",
        amounts: applied,
        priority: 2,
      },
      cell: ({ row }) => <AmountLines lines={applied(row.original)} />,
    },
    unapplied: {
      header: "Unapplied",
      meta: {
        sortField: "unappliedAmountCents",
        align: "right",
        amounts: unapplied,
        priority: 1,
      },
      cell: ({ row }) => <AmountLines lines={unapplied(row.original)} />,
    },
    bankFee: {
      header: "Bank fee",
      meta: {
        sortField: "bankFeeAmountCents",
        align: "right",
        amounts: bankFee,
        priority: 3,
      },
      cell: ({ row }) => <AmountLines lines={bankFee(row.original)} />,
    },
    bankFeeApplied: {
      header: "Fee applied",
      meta: {
        align: "right",
        hiddenByDefault: true,
        amounts: bankFeeApplied,
      },
      cell: ({ row }) => <AmountLines lines={bankFeeApplied(row.original)} />,
    },
    bankFeeUnapplied: {
      header: "Fee unapplied",
      meta: { align: "right", amounts: bankFeeUnapplied, priority: 4 },
      cell: ({ row }) => <AmountLines lines={bankFeeUnapplied(row.original)} />,
    },
    type: {
      header: "Type",
      size: 80,
      meta: { hiddenByDefault: true },
      cell: ({ row }) => humanize(row.original.type),
    },
    parentPayment: {
      header: "Parent payment",
      size: 150,
      meta: { priority: 5 },
      cell: ({ row }) => <ShortId id={row.original.parentPaymentId} />,
    },
    journalEntry: {
      header: "Journal entry",
      size: 130,
      meta: { hiddenByDefault: true },
      cell: ({ row }) => <ShortId id={row.original.journalEntryId} />,
    },
    createdAt: {
      header: "Created",
      size: 200,
      meta: { hiddenByDefault: true },
      cell: ({ row }) => <Timestamp compact iso={row.original.createdAt} />,
    },
    updatedAt: {
      header: "Updated",
      size: 200,
      meta: { hiddenByDefault: true },
      cell: ({ row }) => <Timestamp compact iso={row.original.updatedAt} />,
    },
  },
);

/** Amounts are cents with no currency (the payments list carries none): shown as plain numbers. */
export function paymentColumns(
  options: { hideCustomer?: boolean } = {},
): TableColumn<PaymentRecord>[] {
  const columns = PAYMENT_COLUMNS;
  return [
    ...(options.hideCustomer ? columns.filter((c) => c.id !== "customer") : columns),
    // On a phone: who paid and how much, the day it came and what is left to apply.
    cardColumn<PaymentRecord>("Payment", (payment) => ({
      title: options.hideCustomer ? (
        formatDate(payment.receivedDate)
      ) : (
        <PaymentCustomer payment={payment} />
      ),
      figure: formatCents(payment.amountCents),
      subtitle: options.hideCustomer ? humanize(payment.type) : <CardReceived payment={payment} />,
      aside: `${formatCents(payment.unappliedAmountCents)} unapplied`,
    })),
  ];
}
