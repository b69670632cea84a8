import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway Redis server on loopback for a test run: Debian's `redis-server`
 * (package redis-server), on a free port, nothing written to disk, stopped (and its
 * folder removed) by `stop`. Null when no redis-server is installed.
 */
export interface TestRedis {
  url: string;
  port: number;
  /** the server's process (for its CPU in bench:load) */
  pid: number | undefined;
  /** Stops it answering (SIGSTOP): connections stay open, commands wait, as with a hung Redis. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT): it answers what waited. */
  thaw(): void;
  /** Stops it (thawed first: a frozen process only takes SIGTERM once it runs again). */
  stop(): Promise<void>;
}

export function findRedisServer(): string | null {
  for (const candidate of ["/usr/bin/redis-server", "/usr/local/bin/redis-server"])
    if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const found = which.stdout.trim();
  return which.status === 0 && found ? found : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null)
        return reject(new Error(`redis-server exited with ${child.exitCode}`));
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        // A PING answered means it accepts commands, not only connections.
        socket.write("PING\r\n");
        socket.once("data", (data) => {
          socket.destroy();
          if (data.toString().startsWith("+PONG")) resolve();
          else retry();
        });
      });
      socket.once("error", () => {
        socket.destroy();
        retry();
      });
    };
    const retry = () => {
      if (Date.now() > deadline) reject(new Error("redis-server did not start in time"));
      else setTimeout(attempt, 50);
    };
    attempt();
  });
}

export async function startTestRedis(
  binary = findRedisServer(),
  port?: number,
): Promise<TestRedis | null> {
  if (!binary) return null;
  const chosen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-redis-"));
  const child = spawn(
    binary,
    [
      "--port",
      String(chosen),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      "--daemonize",
      "no",
    ],
    { stdio: "ignore" },
  );
  const freeze = () => void child.kill("SIGSTOP");
  const thaw = () => void child.kill("SIGCONT");
  const stop = async () => {
    if (child.exitCode === null) {
      thaw();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(chosen, child, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, pid: child.pid, freeze, thaw, stop };
}
