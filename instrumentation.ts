/**
 * Runs once when an instance starts (server.ts), before it answers a request: Next.js
 * starts it as it loads and holds every request until it resolves, and a failure
 * here stops the instance with a non-zero exit saying what is wrong.
 *
 * In order: the sign-in throttle's counter for server.ts; Redis reachable when
 * REDIS_URL is set; then, under a start-up lock shared by the instances (so two
 * instances starting at once do not migrate or seed the same storage side by side),
 * the sign-in configuration check and its storage's migrations (lib/auth/startup.ts),
 * and the built-in API's database, created and seeded on a first start; last, the
 * insight views' background refresh (lib/insights/instance.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load this module; only a running server checks.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Sign-in bodies server.ts refuses unread count toward the throttle (loaded on first use).
  const { installRefusalCounter } = await import("./lib/auth/throttle-refusals");
  installRefusalCounter(async (client) => {
    const { signInThrottle } = await import("./lib/auth/throttle");
    await signInThrottle().refusedUnread(client);
  });
  const { requireRedisAtStartup } = await import("./lib/startup/require-redis");
  await requireRedisAtStartup();
  const { withStartupLock } = await import("./lib/startup/startup-lock");
  await withStartupLock(async () => {
    const { checkAuthAtStartup } = await import("./lib/auth/startup");
    await checkAuthAtStartup();
    const { isSandboxEnabled } = await import("./lib/sandbox/env");
    if (isSandboxEnabled()) {
      // Seeds a new database (or upgrades an older one) on a worker thread of the pool.
      const { prepareSandbox } = await import("./lib/sandbox");
      await prepareSandbox();
    }
  });
  // The insight views' results are walked again in the background once stale.
  const { startInsightsInBackground } = await import("./lib/insights/instance");
  startInsightsInBackground();
  console.log("Start-up: done; answering requests");
}
