import { RecordLoadError } from "@/components/states/record-load-error";
import type { CustomerRecord } from "@/lib/api/client";
import { asApiError } from "@/lib/api/errors";
import { billedCurrencies, computeStatement } from "@/lib/statement/compute";
import type { StatementRequest } from "@/lib/statement/period";
import { readStatementSource, type StatementSource, StatementTooLarge } from "@/lib/statement/read";
import { getKeyStatus } from "@/lib/upstream/api-key";
import { serverFetcher } from "@/lib/upstream/server-fetcher";
import { StatementSheet } from "./statement-sheet";

/**
 * The statement, once the customer's issued invoices and cash payments are read
 * whole; a read that fails or passes the bound shows why and no figure.
 */
export async function StatementBody({
  customer,
  request,
}: {
  customer: CustomerRecord;
  request: StatementRequest;
}) {
  const back = { href: `/customers/${customer.id}`, label: `Back to ${customer.name}` };
  let source: StatementSource;
  try {
    source = await readStatementSource(serverFetcher, customer.id);
  } catch (error) {
    if (error instanceof StatementTooLarge)
      return (
        <RecordLoadError
          error={{
            kind: "bad-request",
            status: null,
            code: null,
            message: error.message,
            issues: [],
          }}
          back={back}
        />
      );
    return <RecordLoadError error={asApiError(error).toJSON()} back={back} />;
  }
  const key = await getKeyStatus();
  const statement = computeStatement(
    source.invoices,
    source.payments,
    request,
    billedCurrencies(customer),
  );
  return (
    <StatementSheet
      customer={customer}
      entityName={key.ok ? key.me.entityName : null}
      statement={statement}
      view={request.view}
      readAt={source.readAt}
    />
  );
}
