/**
 * The production server itself (server.mjs): several processes on one port, a
 * process that dies replaced while the others answer, and a stop that leaves none.
 * Each test starts its own server of this build on a free port.
 */
import fs from "node:fs";
import http from "node:http";
import { E2E_DB, E2E_NOW } from "./env";
import { type OwnServer, startOwnServer } from "./own-server";
import { expect, test } from "./test";

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** server.mjs with `processes` processes, once it says it is ready. */
async function startServer(
  processes: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  // The demo server's database and pinned day: derived values stay as it reads them.
  const server = await startOwnServer({
    SANDBOX_DB: E2E_DB,
    SANDBOX_NOW: E2E_NOW,
    WEB_CONCURRENCY: String(processes),
    ...env,
  });
  await expect
    .poll(() => server.output(), { timeout: 60_000, message: "the server says it is ready" })
    .toContain(`Ready on ${server.base} (${processes} processes)`);
  return server;
}

/**
 * `count` data requests at once, each on a new connection (a killed process takes
 * its open connections with it; a new one reaches a process that lives; the
 * processes take new connections in turn): their statuses. Each from its own
 * client address, or all from `client`.
 */
async function ask(base: string, count: number, client?: string): Promise<number[]> {
  const one = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${base}/api/data/invoices?limit=2`,
        {
          agent: false,
          headers: { "x-forwarded-for": client ?? `10.99.0.${i}` },
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", reject);
    });
  return Promise.all(Array.from({ length: count }, (_, i) => one(i)));
}

test("a server process that dies is replaced, and the others answer meanwhile", async () => {
  test.setTimeout(120_000);
  const server = await startServer(2);
  try {
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    expect(await ask(server.base, 8)).toEqual(Array(8).fill(200));

    process.kill(workers[0]!, "SIGKILL");
    // Connections open to the killed process, or handed to it before the primary
    // hears of its death, go with it; from then on the survivor takes them all.
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toMatch(new RegExp(`Server process ${workers[0]} ended \\(SIGKILL\\): starting another`));
    expect(await ask(server.base, 8)).toEqual(Array(8).fill(200));
    await expect
      .poll(() => childrenOf(server.child.pid!).filter((pid) => pid !== workers[0]), {
        timeout: 60_000,
      })
      .toHaveLength(2);
    await expect.poll(() => ask(server.base, 8), { timeout: 30_000 }).toEqual(Array(8).fill(200));
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("a client's rate limit holds across the processes its connections reach", async () => {
  test.setTimeout(120_000);
  const server = await startServer(2, {
    DATA_RATE_LIMIT_BURST: "10",
    DATA_RATE_LIMIT_PER_SEC: "0.01",
  });
  try {
    // 20 connections, handed to the two processes in turn: one bucket of 10.
    const statuses = await ask(server.base, 20, "10.98.0.1");
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await ask(server.base, 2, "10.98.0.2")).toEqual([200, 200]);
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("SIGTERM stops every process of the server and frees the port", async () => {
  test.setTimeout(120_000);
  const server = await startServer(2);
  const workers = childrenOf(server.child.pid!);
  expect(workers).toHaveLength(2);
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  for (const pid of workers) await expect.poll(() => alive(pid)).toBe(false);
  await expect
    .poll(() =>
      fetch(`${server.base}/api/v1/health`).then(
        () => "answered",
        () => "refused",
      ),
    )
    .toBe("refused");
});

test("data requests take server.mjs's direct path; others, and malformed ones, go to Next.js", async ({
  request,
}) => {
  // Next.js marks every answer it routes with `Vary: rsc, …`; the direct path (the
  // hot path's CPU saving, bench:load) sends only its own compression Vary.
  const direct = await request.get("/api/data/invoices?limit=5");
  expect(direct.status()).toBe(200);
  expect(direct.headers()["content-encoding"]).toBe("gzip");
  expect(direct.headers().vary).toBe("Accept-Encoding");
  expect((await direct.json()).data).toHaveLength(5);

  const page = await request.get("/api/v1/invoices?limit=1", {
    headers: { authorization: "Bearer nope" },
  });
  expect(page.status()).toBe(401);
  expect(page.headers().vary).toContain("rsc");

  // Declined by the direct path, answered by proxy.ts.
  const malformed = await request.get("/api/data/invoices/%zz");
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).issues).toEqual([
    { message: "path: holds a malformed percent-escape" },
  ]);
});
