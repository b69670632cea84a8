import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { KEY_PREFIX } from "./key-prefix";
import { redisClient } from "./redis";

/**
 * State that every instance of the dashboard must see alike: in Redis when REDIS_URL
 * is set, else in this process's memory. Values are strings (callers serialise);
 * keys are namespaced under `invoicing:`.
 *
 * Locks expire on their own (`ttlMs`), so an instance that crashes while holding one
 * cannot hold it for ever; a holder extends it while its work goes on and releases
 * it with its token, which never releases another holder's lock.
 */
export interface SharedStore {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<string | null>;
  /** `ttlMs`: the value disappears after that long; omitted, it stays. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Takes the lock for `ttlMs` unless it is held: the holder's token, or null. */
  acquireLock(key: string, ttlMs: number): Promise<string | null>;
  /** Extends a held lock; false when it expired or is another holder's now. */
  extendLock(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Releases the lock if `token` still holds it. */
  releaseLock(key: string, token: string): Promise<void>;
}

export { KEY_PREFIX };

/** Shared state in this process's memory: one instance only. */
export function createMemoryStore(now: () => number = Date.now): SharedStore {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = values.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      values.delete(key);
      return null;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlMs?: number) =>
    values.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
  return {
    kind: "memory",
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async delete(key) {
      values.delete(key);
    },
    async acquireLock(key, ttlMs) {
      if (live(`lock:${key}`)) return null;
      const token = randomUUID();
      put(`lock:${key}`, token, ttlMs);
      return token;
    },
    async extendLock(key, token, ttlMs) {
      if (live(`lock:${key}`)?.value !== token) return false;
      put(`lock:${key}`, token, ttlMs);
      return true;
    },
    async releaseLock(key, token) {
      if (live(`lock:${key}`)?.value === token) values.delete(`lock:${key}`);
    },
  };
}

// Compare-and-set scripts: only the token's holder extends or releases its lock.
const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Shared state in Redis: every instance on the same REDIS_URL sees the same. */
export function createRedisStore(client: Redis, prefix = KEY_PREFIX): SharedStore {
  const k = (key: string) => `${prefix}${key}`;
  const lock = (key: string) => `${prefix}lock:${key}`;
  return {
    kind: "redis",
    async get(key) {
      return client.get(k(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await client.set(k(key), value);
      else await client.set(k(key), value, "PX", Math.max(1, Math.ceil(ttlMs)));
    },
    async delete(key) {
      await client.del(k(key));
    },
    async acquireLock(key, ttlMs) {
      const token = randomUUID();
      const taken = await client.set(lock(key), token, "PX", Math.max(1, Math.ceil(ttlMs)), "NX");
      return taken === "OK" ? token : null;
    },
    async extendLock(key, token, ttlMs) {
      const extended = await client.eval(EXTEND, 1, lock(key), token, Math.ceil(ttlMs));
      return extended === 1;
    },
    async releaseLock(key, token) {
      await client.eval(RELEASE, 1, lock(key), token);
    },
  };
}

const holder = globalThis as { __invoicingStore?: SharedStore };

/** The process's shared store: Redis when REDIS_URL is set, else memory. */
export function sharedStore(): SharedStore {
  if (!holder.__invoicingStore) {
    const client = redisClient();
    holder.__invoicingStore = client ? createRedisStore(client) : createMemoryStore();
  }
  return holder.__invoicingStore;
}
