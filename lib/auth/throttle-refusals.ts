/**
 * Sign-in bodies server.ts refuses unread (over their cap) count toward the sign-in
 * throttle (lib/auth/throttle.ts) for their client. server.ts runs outside Next.js's
 * bundles, where the throttle lives, so instrumentation.ts hands it the bundle's
 * counter here when the instance starts: one throttle per process, wherever a try is
 * counted. No `server-only` marker, so server.ts can load this module.
 */
export type RefusalCounter = (client: string) => Promise<void>;

const COUNTER = Symbol.for("invoicing-dashboard.sign-in-refusal-counter");
const holder = globalThis as { [COUNTER]?: RefusalCounter };

export function installRefusalCounter(count: RefusalCounter): void {
  holder[COUNTER] = count;
}

/** Counts one refused body of `client`; false until the instance's start has installed the counter. */
export async function countRefusal(client: string): Promise<boolean> {
  const count = holder[COUNTER];
  if (!count) return false;
  await count(client);
  return true;
}
