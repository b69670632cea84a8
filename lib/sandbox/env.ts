import path from "node:path";

/** Path of the sandbox's SQLite file (docs/readings.md, "Where the API lives": `SANDBOX_DB`, default `.data/sandbox.sqlite`). */
export function sandboxDbPath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.SANDBOX_DB || ".data/sandbox.sqlite");
}

/** The sandbox is on when no real API is configured, or when forced with INVOICING_SANDBOX=1. */
export function isSandboxEnabled(): boolean {
  return !process.env.INVOICING_API_URL || process.env.INVOICING_SANDBOX === "1";
}
