/**
 * The production server itself: `npm start` is server.ts (Next.js's custom server),
 * one process per instance; every request, the data route included, goes through
 * Next.js and proxy.ts; instances starting together on one demo database both come up; a
 * misconfigured start exits non-zero saying what is wrong. Each test but the last
 * starts its own server of this build on a free port.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { serverEntry } from "../../lib/testing/server-start";
import { E2E_NOW } from "../support/env";
import { freePort, type OwnServer, startOwnServer, untilListening } from "../support/own-server";
import { expect, test } from "../support/test";

/** Every process under `pid`, from /proc. */
function descendantsOf(pid: number): number[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);
}

/** A process's command line. */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** The processes whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {}
  }
  return children;
}

/**
 * Whether a new connection to `url` is refused. A new one each time: fetch would reuse
 * its pooled keep-alive connection, which a stopping server may still answer on.
 */
const refused = (url: string) =>
  new Promise<string>((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      resolve("answered");
    });
    req.on("error", () => resolve("refused"));
  });

test("npm start is server.ts on PORT: one process, and SIGTERM stops it and frees the port", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["start", "--", "-H", "127.0.0.1"], {
    env: { ...process.env, PORT: String(port), SANDBOX_NOW: E2E_NOW },
    detached: true,
    stdio: "ignore",
  });
  try {
    await expect
      .poll(
        () =>
          fetch(`${base}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    // Under npm and its shell, one process, which runs no other: no cluster of workers.
    const under = descendantsOf(child.pid!).map(commandOf);
    expect(under.filter((command) => !/^(sh|npm)\b/.test(command))).toEqual([
      expect.stringMatching(/^node \S*server\.mjs /),
    ]);
    process.kill(-child.pid!, "SIGTERM");
    await expect.poll(() => refused(`${base}/api/health`), { timeout: 30_000 }).toBe("refused");
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
  }
});

test("a bad option stops the server at once, saying what it takes", async () => {
  const child = spawn(process.execPath, [serverEntry(), "-p", "nope"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let said = "";
  child.stderr?.on("data", (chunk) => {
    said += chunk;
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(2);
  expect(said).toContain('the port must be a whole number from 1 to 65535, not "nope"');
  expect(said).toContain("usage: npm start -- [-p PORT] [-H HOST] [--keepAliveTimeout MS]");
});

test("two instances starting at once on one new demo database both come up, and read the same", async () => {
  test.setTimeout(180_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-two-instances-"));
  const env = { SANDBOX_DB: path.join(dir, "demo.sqlite"), SANDBOX_NOW: E2E_NOW, REDIS_URL: "" };
  const servers: OwnServer[] = await Promise.all([startOwnServer(env), startOwnServer(env)]);
  try {
    await Promise.all(servers.map(untilListening));
    const pages = await Promise.all(
      servers.map(async (server) => {
        const res = await fetch(`${server.base}/api/data/invoices?limit=5`);
        expect(res.status, server.output()).toBe(200);
        return ((await res.json()) as { data: { id: string }[] }).data.map((i) => i.id);
      }),
    );
    expect(pages[0]).toHaveLength(5);
    expect(pages[1]).toEqual(pages[0]);
    // Seeded once: one of them made the data, the other found it made.
    const seeded = servers.filter((s) => s.output().includes("[sandbox] generating"));
    expect(seeded).toHaveLength(1);
  } finally {
    for (const server of servers) server.stop();
    await Promise.all(servers.map((s) => s.exited));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("with REDIS_URL set but Redis unreachable, an instance refuses to start and says why", async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  // Waits 2 s for Redis, not the default 10 (lib/startup/require-redis.ts).
  const app = await startOwnServer({
    REDIS_URL: `redis://:s3cret-pass@127.0.0.1:${port}`,
    REDIS_START_TIMEOUT_MS: "2000",
  });
  const timeout = setTimeout(app.stop, 60_000);
  const code = await app.exited;
  clearTimeout(timeout);
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(app.output()).toContain(
    `REDIS_URL is set but Redis at redis://:***@127.0.0.1:${port} cannot be reached`,
  );
  expect(app.output()).toContain("The server will not start.");
  expect(app.output()).not.toContain("s3cret-pass");
});

test("the data route goes through Next.js and proxy.ts: the same answer headers as every API route", async ({
  request,
}) => {
  const data = await request.get("/api/data/invoices?limit=5");
  expect(data.status()).toBe(200);
  expect((await data.json()).data).toHaveLength(5);
  const api = await request.get("/api/v1/invoices?limit=1", {
    headers: { authorization: "Bearer nope" },
  });
  for (const answer of [data, api]) {
    // Next.js's router marks every answer it routes; proxy.ts sets the API policy.
    expect(answer.headers().vary).toContain("rsc");
    expect(answer.headers()["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
  }
  const malformed = await request.get("/api/data/invoices/%zz");
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).issues).toEqual([
    { message: "path: holds a malformed percent-escape" },
  ]);
});
