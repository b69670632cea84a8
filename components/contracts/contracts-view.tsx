"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { browserFetcher, listQueryOptions } from "@/lib/api/client";
import { contractList } from "@/lib/lists/contracts";
import { describeFilters } from "@/lib/lists/describe";
import { contractHref } from "@/lib/record-links";
import { ExportButton } from "../data-table/export-button";
import { FilterBar } from "../data-table/filter-bar";
import { InfiniteTable } from "../data-table/infinite-table";
import { useUrlValues } from "../data-table/use-url-values";
import { EmptyState } from "../states/empty-state";
import { contractColumns } from "./contract-columns";

/** The contracts list: filters in the URL, rows from the infinite query (no orderBy offered). */
export function ContractsView() {
  const [values, setValues] = useUrlValues(contractList.parsers);
  const query = contractList.viewQuery(values);
  const result = useInfiniteQuery({
    ...listQueryOptions(browserFetcher, "contracts", query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => contractColumns(), []);
  const described = describeFilters(contractList.fields, values);
  return (
    <>
      <FilterBar
        fields={contractList.fields}
        values={values}
        setValues={setValues}
        clearHref="/contracts"
        active={described.length > 0}
      />
      <ExportButton list="contracts" query={query} />
      <p className="mb-3 text-xs text-slate-500">
        {values.statuses?.includes("DELETED")
          ? ""
          : "Deleted contracts are hidden unless picked in Status. "}
        Oldest first (the API offers no other order). A row opens the contract&apos;s invoices.
      </p>
      <InfiniteTable
        label="Contracts"
        noun="contracts"
        query={result}
        columns={columns}
        rowHref={(row) => contractHref(row.id)}
        empty={<EmptyState noun="contracts" filters={described} clearHref="/contracts" />}
        clearHref="/contracts"
        scrollKey={query}
      />
    </>
  );
}
