import "server-only";
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { KEY_PREFIX } from "./key-prefix";
import { redisClient } from "./redis";

/**
 * News one instance tells every other at once, on a channel: Redis publish and
 * subscribe when REDIS_URL is set, so no request reads anything to hear it. Without
 * Redis there is one instance and nobody to tell: telling does nothing.
 *
 * News may be lost (Redis down, a subscriber reconnecting): it only saves the others
 * finding out for themselves, which each still does.
 */
export interface Broadcast {
  /** Tells the other instances; never throws, never waits. */
  tell(message: string): void;
  /** Calls `hear` with each message another instance tells. */
  listen(hear: (message: string) => void): void;
  /** Stops listening (tests; a server listens for its whole life). */
  close(): void;
}

const silentBroadcast: Broadcast = { tell() {}, listen() {}, close() {} };

/** The process's broadcast on `channel`: on Redis when REDIS_URL is set, else nobody hears. */
export function sharedBroadcast(channel: string): Broadcast {
  const client = redisClient();
  return client ? redisBroadcast(client, channel) : silentBroadcast;
}

/** A message on the wire: who told it, so an instance does not hear itself. */
interface Envelope {
  from: string;
  message: string;
}

function opened(payload: string): Envelope | null {
  try {
    const parsed = JSON.parse(payload) as Partial<Envelope>;
    return typeof parsed.from === "string" && typeof parsed.message === "string"
      ? { from: parsed.from, message: parsed.message }
      : null;
  } catch {
    return null;
  }
}

/**
 * A broadcast through `client`'s Redis. Listening takes a connection of its own (a
 * subscribed connection can do nothing else), made from `client`'s settings and
 * subscribed each time it is ready, so a reconnect after Redis was down listens again.
 */
export function redisBroadcast(
  client: Redis,
  channel: string,
  self: string = randomUUID(),
): Broadcast {
  const name = `${KEY_PREFIX}${channel}`;
  const hearers: ((message: string) => void)[] = [];
  let subscriber: Redis | null = null;

  const listenOnce = () => {
    const connection = client.duplicate();
    // Quiet: the main connection says an outage (lib/shared-state/redis.ts).
    connection.on("error", () => {});
    connection.on("message", (from: string, payload: string) => {
      const envelope = from === name ? opened(payload) : null;
      if (!envelope || envelope.from === self) return;
      for (const hear of hearers) hear(envelope.message);
    });
    connection.on("ready", () => void connection.subscribe(name).catch(() => {}));
    return connection;
  };

  return {
    tell(message) {
      const envelope: Envelope = { from: self, message };
      client.publish(name, JSON.stringify(envelope)).catch(() => {});
    },
    listen(hear) {
      hearers.push(hear);
      subscriber ??= listenOnce();
    },
    close() {
      subscriber?.disconnect();
      subscriber = null;
    },
  };
}
