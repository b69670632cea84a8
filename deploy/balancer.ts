/** HAProxy in front of the deployment's instances: deploy/haproxy.cfg on loopback. */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { exitOf, sleep, track } from "./child-processes";
import type { Instance } from "./instance";

const HAPROXY_CONFIG = path.resolve(import.meta.dirname, "haproxy.cfg");

export interface Balancer {
  readonly pid: number | undefined;
  /** each instance's state as the balancer sees it: "UP", "DOWN", … */
  status(): Promise<Record<string, string>>;
  /** waits until the balancer sees every named instance in the given state */
  until(expected: Record<string, string>, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** deploy/haproxy.cfg with this deployment's address, instances and a stats socket. */
function balancerConfig(port: number, instances: Instance[], statsSocket: string): string {
  const lines = fs.readFileSync(HAPROXY_CONFIG, "utf8").split("\n");
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed.startsWith("server ")) continue;
    if (trimmed.startsWith("bind ")) {
      out.push(`  bind 127.0.0.1:${port}`);
      continue;
    }
    out.push(line);
    if (trimmed === "global") out.push(`  stats socket ${statsSocket} mode 600 level admin`);
    if (trimmed.startsWith("default-server "))
      for (const instance of instances)
        out.push(`  server ${instance.name} 127.0.0.1:${instance.port}`);
  }
  return out.join("\n");
}

/** `show stat` on HAProxy's stats socket: each instance's status (an error after 5 s). */
function readBalancerStatus(socketPath: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath, () => socket.end("show stat\n"));
    socket.setTimeout(5_000, () =>
      socket.destroy(new Error("HAProxy's stats socket did not answer in 5 s")),
    );
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [header, ...rows] = text.trim().split("\n");
      const columns = (header ?? "").replace(/^# /, "").split(",");
      const [proxy, server, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c));
      const result: Record<string, string> = {};
      for (const row of rows) {
        const cells = row.split(",");
        if (cells[proxy!] === "instances" && cells[server!] !== "BACKEND")
          result[cells[server!]!] = cells[status!]!;
      }
      resolve(result);
    });
  });
}

/** HAProxy on `port` in front of `instances`, its files in `dir`. */
export function startBalancer(port: number, instances: Instance[], dir: string): Balancer {
  const statsSocket = path.join(dir, "haproxy.sock");
  const configFile = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(configFile, balancerConfig(port, instances, statsSocket));
  let log = "";
  const haproxy: ChildProcess = spawn("haproxy", ["-f", configFile, "-db"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(haproxy);
  for (const stream of [haproxy.stdout, haproxy.stderr])
    stream?.on("data", (chunk) => {
      log = (log + chunk).slice(-10_000);
    });
  const status = () => readBalancerStatus(statsSocket);
  return {
    pid: haproxy.pid,
    status,
    async until(expected, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const seen = await status().catch(() => ({}) as Record<string, string>);
        if (Object.entries(expected).every(([name, state]) => seen[name] === state)) return;
        if (haproxy.exitCode !== null)
          throw new Error(`haproxy exited (${haproxy.exitCode}):\n${log}`);
        if (Date.now() > deadline)
          throw new Error(
            `the balancer did not see ${JSON.stringify(expected)} in ${timeoutMs / 1000} s: ${JSON.stringify(seen)}\n${log}`,
          );
        await sleep(250);
      }
    },
    async stop() {
      const exited = exitOf(haproxy);
      haproxy.kill("SIGTERM");
      await exited;
    },
  };
}
