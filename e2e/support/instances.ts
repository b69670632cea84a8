/**
 * For the tests of limits kept per client and across instances: instances of this
 * build started as `npm start` starts one (server.ts, one process each, as deployed), sign-in accounts
 * made with `npm run auth`, and HTTP requests sent from a chosen loopback address
 * (127.0.0.2, 127.0.0.3, … all reach a server on 127.0.0.1 on Linux), so each
 * simulated client has a socket address of its own, as real clients do, and none of
 * them spends the allowance of the browser tests (which come from 127.0.0.1).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { run as runAuthCommand } from "../../lib/auth/cli";
import { bufferedIo } from "../../lib/cli/io";
import { serverStartArgs } from "../../lib/testing/server-start";
import { freePort } from "./own-server";

export { freePort };

export interface Instance {
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** This build's server on `port` (a free loopback port by default), once it answers. */
export async function startInstance(env: Record<string, string>, port?: number): Promise<Instance> {
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverStartArgs(port), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    // Any answer will do: the built-in API (and so /api/v1/health) may be off.
    const answered = await fetch(`${base}/sign-in`).then(
      (res) => res.status < 500,
      () => false,
    );
    if (answered) return { base, output: () => output, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the server did not come up on ${base}:\n${output}`);
}

/** A sign-in account, as `npm run auth -- users add` makes one. */
export interface Account {
  email: string;
  password: string;
  name?: string;
}

/**
 * Adds `account` to the sign-in storage `env` names (AUTH_DB, or AUTH_DATABASE_URL),
 * as an administrator does (`npm run auth -- users add`): the command's own code, run
 * in this process. A spawned command cost about two core-seconds of start-up each.
 */
export async function addAccount(account: Account, env: Record<string, string>): Promise<void> {
  const io = bufferedIo({ ...process.env, ...env }, account.password);
  const name = account.name ? ["--name", account.name] : [];
  const args = ["users", "add", "--email", account.email, ...name, "--password-stdin"];
  const status = await runAuthCommand(args, io);
  if (status !== 0) throw new Error(`users add ${account.email} failed (${status}): ${io.err()}`);
}

/** A fresh sign-in database in a temp folder holding `accounts` (e-mail → password). */
export async function authDatabase(accounts: Record<string, string>): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-auth-")), "auth.sqlite");
  for (const [email, password] of Object.entries(accounts))
    await addAccount({ email, password }, { AUTH_DB: file });
  return file;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP request from the loopback address `from`. The body is read to the end
 * unless `hold` is set: then the answer comes back with its headers only and the
 * connection stays open (an export still being downloaded) until `close` is called.
 */
export function requestFrom(
  from: string,
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    hold?: boolean;
  } = {},
): Promise<Answer & { close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, localAddress: from },
      (res) => {
        const close = () => res.destroy();
        if (options.hold) {
          res.pause();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: "", close });
          return;
        }
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, close }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export interface StallingUpstream {
  /** Base URL to give an instance as INVOICING_API_URL (ends in /api/v1). */
  url: string;
  stop: () => Promise<void>;
}

/**
 * An Invoicing API that answers every first page (forwarded to `target`, a real
 * built-in API) and never answers a later one (a `startingAfter` cursor): an
 * export through it sends its first rows and then keeps running, as a long export
 * of a big list does, until its download is closed.
 */
export async function stallingUpstream(target: string): Promise<StallingUpstream> {
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://upstream.local");
    if (url.searchParams.has("startingAfter")) {
      stalled.add(res);
      res.on("close", () => stalled.delete(res));
      return;
    }
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const answer = await fetch(`${target}${path}${url.search}`, {
      headers: { authorization: req.headers.authorization ?? "" },
    });
    res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "" });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of stalled) res.destroy();
        server.close(() => resolve());
      }),
  };
}
