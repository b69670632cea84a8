/**
 * Runs once when a server process starts (`npm start`, `next dev`): the sign-in
 * configuration check (lib/auth/startup.ts), which stops a misconfigured server,
 * then, for the built-in API, its database, created and seeded on a first start.
 * Doing both here, before the process listens, lets server.mjs start its first
 * process alone and the others find storage ready.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load this module; only a running server checks.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkAuthAtStartup } = await import("./lib/auth/startup");
  await checkAuthAtStartup();
  const { isSandboxEnabled } = await import("./lib/sandbox/env");
  if (isSandboxEnabled()) {
    const { prepareSandbox } = await import("./lib/sandbox");
    await prepareSandbox();
  }
  const { DIRECT_DATA_ROUTE, serveDataDirect } = await import("./lib/api/server/direct-data-route");
  (globalThis as Record<symbol, unknown>)[DIRECT_DATA_ROUTE] = serveDataDirect;
}
