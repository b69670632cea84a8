/**
 * Servers a test starts for itself: this build's `npm start` (server.ts) on a free
 * loopback port, with its own environment, its output captured.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { serverStartArgs } from "../../lib/testing/server-start";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface OwnServer {
  base: string;
  /** the server's process (server.ts: one process per instance) */
  child: ChildProcess;
  /** stdout and stderr so far, of every process */
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM to the whole process group, if it still runs */
  stop: () => void;
}

/** Starts the server on `port` (a free one by default); does not wait for it. */
export async function startOwnServer(
  env: Record<string, string> | ((base: string) => Record<string, string>),
  port?: number,
): Promise<OwnServer> {
  const listenOn = port ?? (await freePort());
  const base = `http://127.0.0.1:${listenOn}`;
  const child = spawn(process.execPath, serverStartArgs(listenOn), {
    env: { ...process.env, ...(typeof env === "function" ? env(base) : env) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  return { base, child, output: () => output, exited, stop };
}

/** Waits until the server answers anything (its built-in API, and so /api/v1/health, may be off). */
export async function untilListening(server: OwnServer): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (server.child.exitCode !== null) break;
    const up = await fetch(`${server.base}/no-such-page`).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.stop();
  throw new Error(`the server did not come up:\n${server.output()}`);
}
