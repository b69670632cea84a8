/**
 * A customer list's rows hold no query of their own: each row's health reason reads
 * the customer's contracts only when the reason is wanted, so drawing (and hydrating)
 * a page of rows builds nothing in the QueryClient.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { CustomerHealthWithReason } from "./customer-health-with-reason";

test("a page of customers' health cells builds no query until a reason is wanted", () => {
  const queryClient = new QueryClient();
  const customers = Array.from({ length: 30 }, (_, i) => ({
    id: `customer-${i}`,
    coverageContractId: i % 3 === 0 ? null : `contract-${i}`,
  }));
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      {customers.map((customer) => (
        <CustomerHealthWithReason
          key={customer.id}
          customerId={customer.id}
          health="HEALTHY"
          coverageContractId={customer.coverageContractId}
          inRow
        />
      ))}
    </QueryClientProvider>,
  );
  expect(html.match(/aria-label="Why /g)).toHaveLength(30);
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
});
