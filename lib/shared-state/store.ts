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
  /** Sets `key` unless it is set (no lifetime); either way, the value it holds now. */
  setIfAbsent(key: string, value: string): Promise<string>;
  /**
   * Sets `key` as one entry of the collection `index`: it lives `bounds.maxAgeMs`, and
   * beyond `bounds.maxEntries` the entries written longest ago are deleted.
   */
  setBounded(index: string, key: string, value: string, bounds: EntryBounds): Promise<void>;
  /** Deletes an entry of the collection `index`. */
  deleteBounded(index: string, key: string): Promise<void>;
}

/** How long the entries of a collection live, and how many it keeps at most. */
export interface EntryBounds {
  maxAgeMs: number;
  maxEntries: number;
}

/**
 * The most values the memory store holds (run records, collections), locks aside:
 * beyond it the values written longest ago go first. Expired ones go at each sweep.
 */
export const MEMORY_STORE_MAX_VALUES = 10_000;
const SWEEP_EVERY_MS = 60_000;

export { KEY_PREFIX };

/**
 * Shared state in this process's memory: one instance only. A value read after its
 * lifetime is gone; one never read again goes at the next sweep (once a minute, and
 * whenever the store is full), so values written once each (a run record per view
 * summed) do not pile up for the life of the process.
 */
export function createMemoryStore(
  now: () => number = Date.now,
  maxValues = MEMORY_STORE_MAX_VALUES,
): SharedStore {
  // In the order they were last written: the oldest first.
  const values = new Map<string, { value: string; expiresAt: number }>();
  const collections = new Map<string, Map<string, number>>();
  let sweptAt = now();
  const live = (key: string) => {
    const entry = values.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now()) {
      values.delete(key);
      return null;
    }
    return entry;
  };
  function sweep() {
    sweptAt = now();
    for (const [key, entry] of values) if (entry.expiresAt <= sweptAt) values.delete(key);
    for (const [key] of values) {
      if (values.size <= maxValues) break;
      // A lock is never dropped for room: its holder would lose it unseen.
      if (!key.startsWith("lock:")) values.delete(key);
    }
  }
  const put = (key: string, value: string, ttlMs?: number) => {
    values.delete(key);
    values.set(key, { value, expiresAt: ttlMs === undefined ? Infinity : now() + ttlMs });
    if (values.size > maxValues || now() - sweptAt >= SWEEP_EVERY_MS) sweep();
  };
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
    async setIfAbsent(key, value) {
      const held = live(key);
      if (held) return held.value;
      put(key, value);
      return value;
    },
    async setBounded(index, key, value, { maxAgeMs, maxEntries }) {
      const entries = collections.get(index) ?? new Map<string, number>();
      collections.set(index, entries);
      put(key, value, maxAgeMs);
      entries.delete(key);
      entries.set(key, now());
      for (const [old, writtenAt] of entries) {
        if (writtenAt > now() - maxAgeMs && entries.size <= maxEntries) break;
        entries.delete(old);
        values.delete(old);
      }
    },
    async deleteBounded(index, key) {
      collections.get(index)?.delete(key);
      values.delete(key);
    },
  };
}

// Compare-and-set scripts: only the token's holder extends or releases its lock.
const EXTEND = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * One entry of a bounded collection (a sorted set of its keys by write time, on
 * Redis's clock): written with its lifetime, then the entries past their age leave
 * the set (their keys expired already) and those beyond the count are deleted.
 */
const SET_BOUNDED = `
local now = redis.call("time")
local ms = now[1] * 1000 + math.floor(now[2] / 1000)
local maxAge = tonumber(ARGV[2])
redis.call("set", KEYS[2], ARGV[1], "PX", maxAge)
redis.call("zadd", KEYS[1], ms, KEYS[2])
redis.call("zremrangebyscore", KEYS[1], "-inf", ms - maxAge)
local excess = redis.call("zcard", KEYS[1]) - tonumber(ARGV[3])
if excess > 0 then
  for _, key in ipairs(redis.call("zrange", KEYS[1], 0, excess - 1)) do redis.call("del", key) end
  redis.call("zremrangebyrank", KEYS[1], 0, excess - 1)
end
redis.call("pexpire", KEYS[1], maxAge)
return 1`;

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
    async setIfAbsent(key, value) {
      await client.set(k(key), value, "NX");
      return (await client.get(k(key))) ?? value;
    },
    async setBounded(index, key, value, { maxAgeMs, maxEntries }) {
      await client.eval(
        SET_BOUNDED,
        2,
        `${prefix}bounded:${index}`,
        k(key),
        value,
        Math.max(1, Math.ceil(maxAgeMs)),
        Math.max(1, Math.floor(maxEntries)),
      );
    },
    async deleteBounded(index, key) {
      await client.multi().zrem(`${prefix}bounded:${index}`, k(key)).del(k(key)).exec();
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
