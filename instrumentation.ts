/**
 * Runs once when the server starts (`next start`, `next dev`): the sign-in
 * configuration check (lib/auth/startup.ts), which stops a misconfigured server.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load this module; only a running server checks.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkAuthAtStartup } = await import("./lib/auth/startup");
  await checkAuthAtStartup();
}
