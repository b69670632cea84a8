import "server-only";
import { createHmac } from "node:crypto";
import { apiConfig } from "@/lib/upstream/config";
import { identifierSecret } from "./identifier-secret";

/**
 * Which API, read with which key, the figures come from: a result is only ever
 * shown for the source it was walked from. The built-in API is named by its
 * database file and its key (a database seeded again gets a new demo key, so its
 * old results are not shown for it); a real API by its URL and key. An HMAC keyed
 * with the server's secret: neither the key nor anything checkable against a guess
 * of it appears in a store key or a file name.
 */
export async function insightSource(): Promise<string> {
  const { baseUrl, key } = apiConfig();
  let identity: string;
  if (baseUrl === null) {
    const { sandboxDemoKey } = await import("@/lib/sandbox");
    const { sandboxDbPath } = await import("@/lib/sandbox/env");
    identity = `built-in\n${sandboxDbPath()}\n${key ?? (await sandboxDemoKey()) ?? ""}`;
  } else identity = `${baseUrl}\n${key ?? ""}`;
  return createHmac("sha256", await identifierSecret())
    .update(identity)
    .digest("hex")
    .slice(0, 32);
}
