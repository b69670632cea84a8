import "server-only";
import { sharedBroadcast } from "@/lib/shared-state/broadcast";
import { redisClient } from "@/lib/shared-state/redis";
import { type AuthSetup, describeProblems, readAuthSetup } from "./config";
import { endSession } from "./end-session";
import { type Auth, createAuth } from "./instance";
import { endPendingSignOuts, redisSignOuts, type SharedSignOuts } from "./pending-sign-outs";
import { createStorageHealth, type StorageHealth } from "./storage-health";
import { passwordThrottleHooks } from "./throttle-hooks";

/** The channel instances tell each other the sign-in storage's silence on. */
const STORAGE_NEWS = "auth:storage";

/**
 * The process's sign-in setup and better-auth instance, made once. The instance
 * opens its storage and migrates the schema at first use; a failure is not cached,
 * so the next request tries again (a database that was briefly locked, say).
 */
let setup: AuthSetup | null = null;
export function authSetup(): AuthSetup {
  setup ??= readAuthSetup(process.env);
  return setup;
}

const globalForAuth = globalThis as unknown as {
  __invoicingAuth?: Promise<{ auth: Auth; health: StorageHealth }>;
};

/** The instance and its storage's health, made once; a failure is not kept (see above). */
function authAndHealth(): Promise<{ auth: Auth; health: StorageHealth }> {
  const current = authSetup();
  if (current.mode === "open") throw new Error("Sign-in is off: the dashboard runs open");
  if (current.mode === "invalid") throw new Error(describeProblems(current.problems));
  globalForAuth.__invoicingAuth ??= createAuth(current.config, {
    hooks: passwordThrottleHooks(),
  }).then(
    ({ auth, ping, timeoutMs }) => ({ auth, health: storageHealthShared(auth, ping, timeoutMs) }),
    (error: unknown) => {
      globalForAuth.__invoicingAuth = undefined;
      throw error;
    },
  );
  return globalForAuth.__invoicingAuth;
}

/**
 * The storage's health, told to and by the other instances (Redis): one that finds it
 * silent saves the others each waiting the timeout out to find the same. When it
 * answers again, the sign-outs it could not record are ended.
 */
function storageHealthShared(
  auth: Auth,
  ping: () => Promise<void>,
  timeoutMs: number,
): StorageHealth {
  const news = sharedBroadcast(STORAGE_NEWS);
  const health = createStorageHealth(ping, {
    timeoutMs,
    onSilent: () => news.tell("silent"),
    onBack: () => void endSignOutsLeftPending(auth),
  });
  news.listen((message) => {
    if (message === "silent") health.heard();
  });
  return health;
}

/** The better-auth instance; throws when sign-in is off or misconfigured (fail closed). */
export function getAuth(): Promise<Auth> {
  return authAndHealth().then(({ auth }) => auth);
}

/** The sign-in storage's health as this instance knows it (lib/auth/storage-health.ts). */
export function getStorageHealth(): Promise<StorageHealth> {
  return authAndHealth().then(({ health }) => health);
}

/**
 * The sign-outs the storage could not record, shared through Redis when REDIS_URL is
 * set (lib/auth/pending-sign-outs.ts), kept as long as a session lives.
 */
export function sharedSignOuts(): SharedSignOuts | null {
  const current = authSetup();
  const client = redisClient();
  return current.mode === "required" && client
    ? redisSignOuts(client, current.config.sessionTtlSec)
    : null;
}

/**
 * Ends the sign-outs left pending, this instance's and the others' (when the storage
 * answers again, and at start: those of an instance restarted meanwhile).
 */
export async function endSignOutsLeftPending(auth?: Auth): Promise<number> {
  const instance = auth ?? (await getAuth());
  return endPendingSignOuts((headers) => endSession(instance, headers), sharedSignOuts());
}
