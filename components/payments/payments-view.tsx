"use client";

import { useMemo } from "react";
import { nextOrder, type OrderTerm } from "@/lib/lists/order";
import { paymentList } from "@/lib/lists/payments";
import { NamesakesOfRows } from "../customers/namesakes-of-rows";
import { ListView, useListView } from "../data-table/list-view";
import { QuickViews, type QuickViewsProps } from "../data-table/quick-views";
import { CustomerPicker } from "../filters/customer-picker";
import { paymentColumns, paymentHref } from "./payment-columns";

/** The API's order when `orderBy` is omitted: newest received first. */
const DEFAULT_ORDER: OrderTerm[] = [{ field: "receivedDate", direction: "DESC" }];

const FIELD_NAMES: Record<string, string> = {
  receivedDate: "received date",
  customerName: "customer name",
  amountCents: "amount",
  bankFeeAmountCents: "bank fee",
  appliedAmountCents: "applied",
  unappliedAmountCents: "unapplied",
};

function describeOrder(order: OrderTerm[] | null): string {
  if (!order) return "Sorted newest received first (the default).";
  return `Sorted by ${order
    .map(
      (t) =>
        `${FIELD_NAMES[t.field] ?? t.field} ${t.direction === "ASC" ? "ascending" : "descending"}`,
    )
    .join(", then ")}.`;
}

const sameOrder = (a: OrderTerm[], b: OrderTerm[]) =>
  a.length === b.length &&
  a.every((t, i) => t.field === b[i]?.field && t.direction === b[i]?.direction);

/**
 * The payments list: filters and an order of up to three fields in the URL. With no
 * `orderBy` the API's default applies and the Received header shows it; a header
 * click starts from the order on screen, so shift-clicking keeps "received" first.
 */
export function PaymentsView() {
  const view = useListView("payments", paymentList);
  const { values, setValues } = view;
  const columns = useMemo(() => paymentColumns(), []);
  const filters = values.customerId ? ["one customer picked", ...view.filters] : view.filters;
  const shownOrder = values.orderBy ?? DEFAULT_ORDER;

  const onSort = (field: string, additive: boolean) => {
    let next = nextOrder(shownOrder, field, additive, paymentList.maxOrderFields);
    // From the default, a plain click on Received flips it rather than dropping back to it.
    if (next === null && values.orderBy === null) next = [{ field, direction: "ASC" }];
    if (next && values.orderBy === null && sameOrder(next, DEFAULT_ORDER)) next = null;
    void setValues({ orderBy: next }, { history: "push" });
  };

  return (
    // Same-named customers on its rows show their e-mails (components/customers/namesakes.tsx).
    <NamesakesOfRows pages={view.rows.data?.pages}>
      <ListView
        view={{ ...view, filters }}
        columns={columns}
        rowHref={paymentHref}
        order={shownOrder}
        onSort={onSort}
        beforeFilters={
          <div className="mb-4">
            <CustomerPicker
              label="Customer"
              selected={values.customerId ? [values.customerId] : []}
              // One customer at a time: picking another replaces the first.
              onChange={(ids) =>
                void setValues({ customerId: ids.at(-1) ?? null }, { history: "push" })
              }
            />
          </div>
        }
        sortNote={
          <>
            {describeOrder(values.orderBy)} Amounts are in the payment&apos;s currency units: the
            payments list carries no currency.
          </>
        }
        sortHint="Click a header to sort by it; shift-click to add it (up to three). On cards, Sort picks one."
      />
    </NamesakesOfRows>
  );
}

/** The payment list's quick views over its filters (components/data-table/quick-views.tsx). */
export function PaymentQuickViews(props: QuickViewsProps) {
  return <QuickViews list={{ name: "payments", list: paymentList }} {...props} />;
}
