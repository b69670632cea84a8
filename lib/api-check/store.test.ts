/**
 * The last check in the shared store: the key page's check (limited, one at a time,
 * kept for every instance) and the command line's, written to the same Redis the
 * dashboard reads (a real redis-server; skipped, loudly, where none is installed).
 */
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { bufferedIo } from "@/lib/cli/io";
import { sandboxInfo } from "@/lib/sandbox/testing/sandbox";
import { connectRedis, waitForRedis } from "@/lib/shared-state/redis";
import { createMemoryStore, createRedisStore } from "@/lib/shared-state/store";
import type { CheckResult } from "./result";

let onRequest: typeof import("./on-request");
let run: typeof import("./cli").run;

beforeAll(async () => {
  vi.stubEnv("SANDBOX_DB", sandboxInfo().dbPath);
  vi.stubEnv("INVOICING_API_URL", "");
  vi.stubEnv("INVOICING_API_KEY", sandboxInfo().keys.demo);
  vi.stubEnv("REDIS_URL", "");
  vi.stubEnv("API_CHECKS_PER_MINUTE", "2");
  onRequest = await import("./on-request");
  ({ run } = await import("./cli"));
});

describe("the key page's check", () => {
  it("runs with the server-held key, is kept for every instance, and is limited per client", async () => {
    const store = createMemoryStore();
    expect(await onRequest.lastApiCheck(store)).toBeNull();
    const first = await onRequest.checkOnRequest("client:a", store);
    expect(first.ok).toBe(true);
    const result = (first as { result: CheckResult }).result;
    expect(result).toMatchObject({ verdict: "works", ranBy: "dashboard", api: "the built-in API" });
    expect(await onRequest.lastApiCheck(store)).toEqual(result);
    expect(JSON.stringify(result)).not.toContain(sandboxInfo().keys.demo);

    // Two at once: one check runs, the other waits for it and answers its result.
    const [a, b] = await Promise.all([
      onRequest.checkOnRequest("client:b", store),
      onRequest.checkOnRequest("client:b", store),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect((a as { result: CheckResult }).result.finishedAt).toBe(
      (b as { result: CheckResult }).result.finishedAt,
    );

    // API_CHECKS_PER_MINUTE (2 here) per client; another client is not held back.
    const refused = await onRequest.checkOnRequest("client:b", store);
    expect(refused).toMatchObject({ ok: false });
    expect((refused as { message: string }).message).toMatch(
      /^Not checked: too many checks of the API; try again in \d+ s/,
    );
    expect((await onRequest.checkOnRequest("client:c", store)).ok).toBe(true);
  });
});

const redisUrl = inject("redisUrl");

describe.skipIf(!redisUrl)("the command line's check on the dashboard's Redis", () => {
  it("is the last result the key page shows", async () => {
    const io = bufferedIo({
      NODE_ENV: "test",
      SANDBOX_DB: sandboxInfo().dbPath,
      INVOICING_API_KEY: sandboxInfo().keys.demo,
      REDIS_URL: redisUrl!,
    });
    expect(await run(["--json"], io)).toBe(0);
    expect(io.err()).toContain("Saved for the key page (/key) in Redis.");
    const printed = JSON.parse(io.out()) as CheckResult;
    expect(printed.ranBy).toBe("command line");

    const client = connectRedis(redisUrl!);
    try {
      await waitForRedis(client);
      const shown = await onRequest.lastApiCheck(createRedisStore(client));
      expect(shown).toEqual(printed);
      const keys = await client.keys("invoicing:api-check:*");
      expect(keys.join("\n")).not.toContain(sandboxInfo().keys.demo);
    } finally {
      client.disconnect();
    }

    // Without REDIS_URL the command line says the key page will not see it.
    const alone = bufferedIo({
      NODE_ENV: "test",
      SANDBOX_DB: sandboxInfo().dbPath,
      INVOICING_API_KEY: sandboxInfo().keys.demo,
    });
    expect(await run([], alone)).toBe(0);
    expect(alone.out()).toContain("Not saved for the key page: REDIS_URL is not set");
  });
});

describe("the key page when the shared store cannot be read", () => {
  it("shows no last check instead of failing", async () => {
    const broken = createMemoryStore();
    broken.get = async () => {
      throw new Error("Connection is closed.");
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await onRequest.lastApiCheck(broken)).toBeNull();
  });
});

describe("the check's store key", () => {
  it("is keyed with the server's secret: no plain hash of the API and key", async () => {
    const { createHash } = await import("node:crypto");
    const { checkSource } = await import("./store");
    const config = { baseUrl: "https://billing.example.com/api/v1", key: "sk_guess" };
    const target = { secret: "sk_guess" } as Parameters<typeof checkSource>[1];
    vi.stubEnv("AUTH_SECRET", "a".repeat(32));
    const source = await checkSource(config as never, target, createMemoryStore());
    const plain = createHash("sha256").update(`${config.baseUrl}\n${target.secret}`).digest("hex");
    expect(source).toMatch(/^[0-9a-f]{32}$/);
    expect(plain.startsWith(source.slice(0, 24))).toBe(false);
    expect(await checkSource(config as never, target, createMemoryStore())).toBe(source);
    vi.stubEnv("AUTH_SECRET", "b".repeat(32));
    expect(await checkSource(config as never, target, createMemoryStore())).not.toBe(source);
    vi.stubEnv("AUTH_SECRET", "");
  });
});
