"use server";

import { headers } from "next/headers";
import { currentViewer } from "@/lib/auth/guard";
import { limitKey } from "@/lib/rate-limits/costly-routes";
import { checkOnRequest } from "./on-request";
import type { CheckResult } from "./result";

export interface CheckState {
  result: CheckResult | null;
  /** why the last request did not check (limit, sign-in, failure); the result stays */
  error: string | null;
}

/** The key page's "Run the check" (a server action: Next.js refuses one posted from another site). */
export async function runApiCheckAction(previous: CheckState): Promise<CheckState> {
  const viewer = await currentViewer();
  if (!viewer) return { ...previous, error: "Not checked: your session ended. Sign in again." };
  const key = limitKey(viewer, await headers());
  try {
    const run = await checkOnRequest(key);
    return run.ok ? { result: run.result, error: null } : { ...previous, error: run.message };
  } catch (error) {
    console.error("[check-api] the check failed:", error instanceof Error ? error.message : error);
    return { ...previous, error: "Not checked: the check itself failed on the server. Try again." };
  }
}
