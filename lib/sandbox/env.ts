import path from "node:path";

/** Path of the sandbox's SQLite file (decisions.md: `SANDBOX_DB`, default `.data/sandbox.sqlite`). */
export function sandboxDbPath(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.SANDBOX_DB || ".data/sandbox.sqlite");
}

/** The sandbox is on when no real API is configured, or when forced with INVOICING_SANDBOX=1. */
export function isSandboxEnabled(): boolean {
  return !process.env.INVOICING_API_URL || process.env.INVOICING_SANDBOX === "1";
}
