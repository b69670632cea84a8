import "server-only";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { AssumeTableWidth } from "./assumed-table-width";
import { assumedTableWidth, TABLE_WIDTH_COOKIE } from "./table-width";

/** The width this request's tables are laid out for until measured (table-width.ts). */
export async function tableWidthForRequest(): Promise<number> {
  const cookie = (await cookies()).get(TABLE_WIDTH_COOKIE)?.value;
  return assumedTableWidth(cookie, (await headers()).get("sec-ch-viewport-width"));
}

/**
 * The tables inside laid out on the server for this request's window (its remembered
 * table width, else its client hint), so a table whose script waits for first use
 * (components/islands) is not laid out again when the browser measures it.
 */
export async function RequestTableWidth({ children }: { children: ReactNode }) {
  return <AssumeTableWidth width={await tableWidthForRequest()}>{children}</AssumeTableWidth>;
}
