/**
 * The browser tests' servers beside the main one (playwright.config.ts starts the main
 * server, whose built-in API some of these read): started all at once by Playwright's
 * global set-up, and stopped by its teardown. Playwright starts the servers of its
 * `webServer` list one after another; these five at once start in about half the time.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { E2E_DB, E2E_NOW } from "./env";
import { E2E_ACCOUNT, SHARED_ACCOUNT_LIMITS } from "./session";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const STARTS_WITHIN_MS = 180_000;

/**
 * A TypeScript script run by node itself with tsx's loader (`npm run sandbox` and `npm
 * run auth` run the same files): `npx tsx` put npx, a shell and a second node before
 * each of the servers' set-up steps, about a second each.
 */
const TSX = "node --import tsx";

interface SideServer {
  name: string;
  /** a shell command that runs in the foreground until stopped */
  command: string;
  /** answers (any status below 404) once the server is ready */
  url: string;
  env?: Record<string, string>;
}

/**
 * Apps reading a real API require sign-in: their own auth database, made afresh with
 * the e2e account (`npm run auth`) before `npm start`, and the settings sign-in needs.
 */
function signInSetup(port: number, authDb: string) {
  return {
    command: `rm -f ${authDb} ${authDb}-wal ${authDb}-shm && printf '%s' '${E2E_ACCOUNT.password}' | ${TSX} lib/auth/cli.ts users add --email ${E2E_ACCOUNT.email} --name '${E2E_ACCOUNT.name}' --password-stdin >/dev/null && `,
    env: {
      ...SHARED_ACCOUNT_LIMITS,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_URL: `http://127.0.0.1:${port}`,
      AUTH_DB: authDb,
    },
  };
}
const apiDown = signInSetup(PORT + 200, `${E2E_DB}-down.auth.sqlite`);
const faults = signInSetup(PORT + 400, `${E2E_DB}-faults.auth.sqlite`);

/** PORT + 100 … + 550, as e2e/support/env.ts names them. */
export const SIDE_SERVERS: SideServer[] = [
  {
    name: "revoked key",
    // The same app with a key that was revoked before it was used.
    command: `${TSX} e2e/support/serve-with-key.ts --port ${PORT + 100} --db ${E2E_DB}-revoked.sqlite --revoke`,
    url: `http://127.0.0.1:${PORT + 100}/api/v1/health`,
    env: { SANDBOX_NOW: E2E_NOW },
  },
  {
    name: "limited key",
    // The same app with a key that may read invoices and payments only.
    command: `${TSX} e2e/support/serve-with-key.ts --port ${PORT + 300} --db ${E2E_DB}-limited.sqlite --claims invoices:read,payments:read`,
    url: `http://127.0.0.1:${PORT + 300}/api/v1/health`,
    env: { SANDBOX_NOW: E2E_NOW },
  },
  {
    name: "API down",
    // The same app pointed at an API that is down (nothing listens on that port).
    command: `${apiDown.command}npm start -- -p ${PORT + 200} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT + 200}/sign-in`,
    env: {
      INVOICING_API_URL: "http://127.0.0.1:9/api/v1",
      INVOICING_API_KEY: "inv_sk_unused",
      INVOICING_API_TIMEOUT_MS: "2000",
      ...apiDown.env,
    },
  },
  {
    name: "faults",
    // The same app reading a real HTTP API that injects faults on request; it
    // proxies to the main server's built-in API. A 3 s timeout: far below the "slow"
    // fault's 15 s, and above what a healthy page takes on a loaded machine (at 1 s a
    // home-page walk timed out on healthy pages in a full run).
    command: `${faults.command}${TSX} e2e/support/fault-upstream.ts --port ${PORT + 450} --app-port ${PORT + 400} --target http://127.0.0.1:${PORT}/api/v1 --key-file ${E2E_DB}.demo-key --timeout-ms 3000`,
    url: `http://127.0.0.1:${PORT + 400}/sign-in`,
    env: faults.env,
  },
  {
    name: "sign-in",
    // The app with sign-in on (local accounts and OIDC with an allow list) reading
    // its own built-in API over HTTP, and a real OIDC issuer on PORT + 550.
    command: `${TSX} e2e/support/oidc-issuer.ts --port ${PORT + 550} --app-port ${PORT + 500} --db ${E2E_DB}-auth-app.sqlite`,
    url: `http://127.0.0.1:${PORT + 500}/sign-in`,
    env: { SANDBOX_NOW: E2E_NOW },
  },
];

/** A started server: its process group, and what it printed (shown if it fails to start). */
interface Running {
  server: SideServer;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function start(server: SideServer): Running {
  const child = spawn("bash", ["-c", server.command], {
    // A process group of its own, so the teardown stops the shell and all it started.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...server.env },
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  // Errors are shown as they come, as Playwright shows its servers' stderr.
  child.stderr?.on("data", (chunk: Buffer) => {
    output.push(chunk.toString());
    for (const line of chunk.toString().trimEnd().split("\n"))
      process.stderr.write(`[${server.name}] ${line}\n`);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { server, child, output, exited };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status < 404;
  } catch {
    return false;
  }
}

/** Resolves once the server answers; rejects, with its output, if it stops or takes too long. */
async function ready({ server, output, exited }: Running): Promise<void> {
  let stopped: number | null | undefined;
  void exited.then((code) => {
    stopped = code;
  });
  const deadline = Date.now() + STARTS_WITHIN_MS;
  while (!(await answers(server.url))) {
    const why =
      stopped !== undefined
        ? `stopped (exit code ${stopped})`
        : Date.now() > deadline
          ? `did not answer ${server.url} within ${STARTS_WITHIN_MS / 1000} s`
          : null;
    if (why) throw new Error(`The ${server.name} server ${why}:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop({ child, exited }: Running): Promise<void> {
  if (!child.pid) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {}
  };
  // The whole group, even when the shell has ended: a server it started may outlive it.
  signal("SIGTERM");
  if (child.exitCode !== null || child.signalCode !== null) return;
  const forced = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(forced);
}

/** Playwright's global set-up: all side servers at once; the teardown stops them. */
export default async function startSideServers(): Promise<() => Promise<void>> {
  const running = SIDE_SERVERS.map(start);
  const stopAll = async () => {
    await Promise.all(running.map(stop));
  };
  try {
    await Promise.all(running.map(ready));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
