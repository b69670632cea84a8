"use client";

import { createContext, type ReactNode } from "react";
import { DEFAULT_TABLE_WIDTH } from "./table-width";

/** What the tables of a page assume until they measure: the server's reading (table-width.ts). */
export const AssumedTableWidth = createContext(DEFAULT_TABLE_WIDTH);

export function AssumeTableWidth({ width, children }: { width: number; children: ReactNode }) {
  return <AssumedTableWidth value={width}>{children}</AssumedTableWidth>;
}
