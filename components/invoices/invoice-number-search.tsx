"use client";

import { useRouter } from "next/navigation";
import { lazy } from "react";
import { invoiceNumberHref } from "@/lib/record-links";
import { PlainComboField, useLazyComboField } from "../filters/lazy-combo-field";

// React Aria's combobox loads when a person first reaches the field: not in the list's first load.
const InvoiceNumberCombobox = lazy(() => import("./invoice-number-combobox"));

export const NUMBER_SEARCH_LABEL = "Invoice number";
/** What the field sends as a plain form before the page's script: `/invoices?number=…`. */
const NUMBER_PARAM = "number";

/**
 * The invoices list's number search: type a number, or part of it, and the invoices
 * it finds are listed to open (Enter opens the one highlighted, or the number typed).
 * It lists rather than filters: the API cannot filter by number, and the table, its
 * export, its totals and its saved views all show the API's own query; a number names
 * one invoice, so finding it means opening it. A plain field until a person reaches
 * it, then React Aria's combobox (invoice-number-combobox.tsx) takes over with what
 * was typed and the focus; Enter in the plain field opens the number typed at once.
 */
export function InvoiceNumberSearch() {
  const router = useRouter();
  const field = useLazyComboField();
  return (
    <div className="mb-4 min-w-0 max-w-full">
      {field.reached ? (
        <InvoiceNumberCombobox
          text={field.text}
          onTextChange={field.setText}
          autoFocus={field.autoFocus}
        />
      ) : (
        <PlainComboField
          label={NUMBER_SEARCH_LABEL}
          placeholder="Find by number…"
          width="w-44"
          maxLength={100}
          spellCheck={false}
          submitTo={{ action: "/invoices", name: NUMBER_PARAM }}
          {...field.plain}
          onEnter={() => {
            if (!field.text.trim()) return;
            field.setText("");
            router.push(invoiceNumberHref(field.text));
          }}
        />
      )}
    </div>
  );
}
