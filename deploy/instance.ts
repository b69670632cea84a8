/** One dashboard instance of the deployment: `npm start` of the build on its port. */
import { type ChildProcess, spawn } from "node:child_process";
import { serverStartArgs } from "../lib/testing/server-start";
import { exitOf, sleep, track } from "./child-processes";
import type { CpuGroup } from "./cpu-quota";

/**
 * `--keepAliveTimeout` behind the balancer: idle connections from HAProxy outlive its
 * own reuse of them (Node's default, 5 s, would close one HAProxy is about to send on).
 */
const KEEP_ALIVE = { keepAliveTimeoutMs: 65_000 };

export interface Instance {
  readonly name: string;
  readonly url: string;
  readonly port: number;
  /** the CPU quota group it runs in (each start moves it in), if any */
  readonly cpuGroup: CpuGroup | null;
  pid(): number | undefined;
  running(): boolean;
  /** stdout and stderr of its current run */
  output(): string;
  /** starts it (again) and waits until it answers its health check */
  start(): Promise<void>;
  /** SIGTERM, as a supervisor stops it; waits until it has exited */
  stop(): Promise<void>;
  /** SIGKILL: a crash; waits until it is gone */
  kill(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/** An instance on `port` with `env`, not started yet; in `cpuGroup` once started. */
export function deploymentInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  cpuGroup: CpuGroup | null = null,
): Instance {
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = "";
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  return {
    name,
    url,
    port,
    cpuGroup,
    pid: () => child?.pid,
    running,
    output: () => output,
    async start() {
      if (running()) return;
      output = "";
      const started = spawn(process.execPath, serverStartArgs(port, "127.0.0.1", KEEP_ALIVE), {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      track(started);
      // Moved before its code runs: its threads and whatever it starts are inside too.
      try {
        if (started.pid) cpuGroup?.add(started.pid);
      } catch (error) {
        if (running()) throw error;
      }
      const keep = (chunk: Buffer) => {
        output = (output + chunk).slice(-20_000);
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      const deadline = Date.now() + 180_000;
      while (!(await answers(`${url}/api/health`))) {
        if (!running())
          throw new Error(`${name} exited (${started.exitCode ?? started.signalCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`${name} did not come up in 180 s:\n${output}`);
        await sleep(250);
      }
    },
    async stop() {
      if (!child || !running()) return;
      const exited = exitOf(child);
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
      if (running()) child.kill("SIGKILL");
      await exited;
    },
    async kill() {
      if (!child || !running()) return;
      const exited = exitOf(child);
      child.kill("SIGKILL");
      await exited;
    },
  };
}
