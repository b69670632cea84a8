/**
 * An instance's start: Redis required when REDIS_URL is set (a clear exit when it
 * cannot be reached), and the start-up lock that makes instances starting together
 * migrate and seed one after the other, on a real Redis.
 */
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { freePort, startTestRedis } from "@/lib/testing/redis-server";
import { within } from "@/lib/testing/within";

const redisUrl = inject("redisUrl");

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const holder = globalThis as {
    __invoicingRedis?: { client: { disconnect(): void } };
    __invoicingStore?: unknown;
  };
  holder.__invoicingRedis?.client.disconnect();
  holder.__invoicingRedis = undefined;
  holder.__invoicingStore = undefined;
});

/** The modules as a fresh instance loads them: its own Redis connection and store. */
async function instance(url: string | undefined) {
  vi.stubEnv("REDIS_URL", url ?? "");
  vi.resetModules();
  const holder = globalThis as { __invoicingRedis?: unknown; __invoicingStore?: unknown };
  holder.__invoicingRedis = undefined;
  holder.__invoicingStore = undefined;
  return { ...(await import("./require-redis")), ...(await import("./startup-lock")) };
}

class Exit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
const exit = (code: number): never => {
  throw new Exit(code);
};

describe("requireRedisAtStartup", () => {
  it("waits REDIS_START_TIMEOUT_MS when it is a positive whole number of ms, else 10 s", async () => {
    const { redisStartTimeoutMs } = await instance(undefined);
    expect(redisStartTimeoutMs({})).toBe(10_000);
    expect(redisStartTimeoutMs({ REDIS_START_TIMEOUT_MS: "2500" })).toBe(2_500);
    for (const wrong of ["", "0", "-5", "1.5", "soon"])
      expect(redisStartTimeoutMs({ REDIS_START_TIMEOUT_MS: wrong }), wrong).toBe(10_000);
  });
  it("with REDIS_URL unset, asks nothing", async () => {
    const { requireRedisAtStartup } = await instance(undefined);
    await expect(requireRedisAtStartup(1_000, exit)).resolves.toBeUndefined();
  });

  it("with Redis unreachable, stops saying what is wrong, never the password", async () => {
    const port = await freePort();
    const { requireRedisAtStartup } = await instance(`redis://:hunter2secret@127.0.0.1:${port}`);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(requireRedisAtStartup(1_000, exit)).rejects.toEqual(new Exit(1));
    const said = errors.mock.calls.flat().join("\n");
    expect(said).toContain(`REDIS_URL is set but Redis at redis://:***@127.0.0.1:${port}`);
    expect(said).toContain("cannot be reached");
    expect(said).toContain("The server will not start.");
    expect(said).not.toContain("hunter2secret");
  });

  it.skipIf(!redisUrl)("with Redis up, goes on", async () => {
    const { requireRedisAtStartup } = await instance(redisUrl!);
    vi.spyOn(console, "log").mockImplementation(() => {});
    await expect(requireRedisAtStartup(5_000, exit)).resolves.toBeUndefined();
  });
});

describe("withStartupLock", () => {
  it.skipIf(!redisUrl)("instances on one Redis do their start-up work one at a time", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const first = await instance(redisUrl!);
    await first.requireRedisAtStartup(5_000, exit);
    const second = await instance(redisUrl!);
    await second.requireRedisAtStartup(5_000, exit);
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push(`${name} ends`);
      return name;
    };
    const done = await Promise.all([
      first.withStartupLock(work("a")),
      second.withStartupLock(work("b")),
    ]);
    expect(done).toEqual(["a", "b"]);
    // Never two at once: each start is followed by its own end.
    expect(events[1]).toBe(`${events[0]!.split(" ")[0]} ends`);
    expect(events[3]).toBe(`${events[2]!.split(" ")[0]} ends`);
  });

  // Short times, the same code: a TTL of 0.6 s stands for the 30 s of a real start.
  const QUICK = { ttlMs: 600, keepEveryMs: 150, waitMs: 10_000 };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it.skipIf(!redisUrl)("the holder keeps the lock while its work outlasts the TTL", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const first = await instance(redisUrl!);
    await first.requireRedisAtStartup(5_000, exit);
    const second = await instance(redisUrl!);
    await second.requireRedisAtStartup(5_000, exit);
    const events: string[] = [];
    const slow = first.withStartupLock(async () => {
      events.push("a starts");
      await sleep(3 * QUICK.ttlMs);
      events.push("a ends");
    }, QUICK);
    await sleep(50);
    const next = second.withStartupLock(async () => {
      events.push("b starts");
    }, QUICK);
    await Promise.all([slow, next]);
    expect(events).toEqual(["a starts", "a ends", "b starts"]);
    expect(errors).not.toHaveBeenCalled();
  });

  it.skipIf(!redisUrl)(
    "a main thread held up past the TTL is said: how late, and the lock lost",
    async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const { requireRedisAtStartup, withStartupLock } = await instance(redisUrl!);
      await requireRedisAtStartup(5_000, exit);
      await withStartupLock(async () => {
        // Synchronous work on the main thread, as a stuck start would do.
        const until = Date.now() + 2 * QUICK.ttlMs;
        while (Date.now() < until);
        await sleep(2 * QUICK.keepEveryMs);
      }, QUICK);
      const said = errors.mock.calls.flat().join("\n");
      expect(said).toMatch(/the main thread was held up \d+\.\d s while keeping the start-up lock/);
      expect(said).toContain("the start-up lock expired while its work went on");
    },
  );

  it.skipIf(!redisUrl)(
    "a Redis that stops answering mid-start: the work still finishes, and the lock's failures are said",
    async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      // A Redis of its own, to freeze (connected, never answering).
      const own = (await startTestRedis())!;
      vi.stubEnv("REDIS_COMMAND_TIMEOUT_MS", "300");
      const { requireRedisAtStartup, withStartupLock } = await instance(own.url);
      try {
        await requireRedisAtStartup(5_000, exit);
        const start = withStartupLock(async () => {
          own.freeze();
          await sleep(1_000);
          return "done";
        }, QUICK);
        expect(await within(start, 15_000)).toBe("done");
        const said = errors.mock.calls.flat().join("\n");
        expect(said).toContain("the start-up lock could not be extended: Command timed out");
        expect(said).toContain("the start-up lock could not be released (it expires within 0.6 s)");
      } finally {
        await own.stop();
      }
    },
  );

  it("runs the work at once without Redis", async () => {
    const { withStartupLock } = await instance(undefined);
    expect(await withStartupLock(async () => 7)).toBe(7);
  });
});

describe("untilNotBusy", () => {
  it("tries again while SQLite answers SQLITE_BUSY, and passes any other failure on", async () => {
    const { untilNotBusy } = await instance(undefined);
    let tries = 0;
    const busyTwice = async () => {
      tries++;
      if (tries <= 2) throw Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
      return "seeded";
    };
    expect(await untilNotBusy(busyTwice)).toBe("seeded");
    expect(tries).toBe(3);
    const broken = Object.assign(new Error("no such table"), { code: "SQLITE_ERROR" });
    await expect(untilNotBusy(async () => Promise.reject(broken))).rejects.toBe(broken);
  });
});
