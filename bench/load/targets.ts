/**
 * bench:load's set-ups: one instance alone, or deploy/'s deployment with N instances,
 * each instance in a CPU quota group when asked, and the CPU each part has used.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { track } from "../../deploy/child-processes";
import { type CpuGroup, type CpuGroups, processCpuSeconds } from "../../deploy/cpu-quota";
import { type Deployment, deploymentUnavailable, startDeployment } from "../../deploy/local";
import { serverStartArgs } from "../../lib/testing/server-start";

/** CPU seconds used so far by each part of the server side; the instances' quota periods. */
export interface PartsCpu {
  instances: number;
  balancer: number;
  redis: number;
  /** quota periods, summed over the instances, and those in which a quota ran out */
  periods: number;
  throttledPeriods: number;
}

/** A set-up under test: where its data route is, and what its parts have used. */
export interface Target {
  name: string;
  base: string;
  cpu: () => PartsCpu;
  stop: () => Promise<void>;
}

export interface TargetOptions {
  port: number;
  db: string;
  env: Record<string, string>;
  /** cores per instance, in groups made inside `cpuGroups` */
  cpuQuota?: number;
  cpuBurst?: number;
  cpuGroups?: CpuGroups | null;
}

const instancesCpu = (groups: Array<CpuGroup | null>, pids: Array<number | undefined>) =>
  groups.reduce(
    (sum, group, i) => sum + (group ? group.usageSeconds() : processCpuSeconds([pids[i] ?? 0])),
    0,
  );
function quotaPeriods(groups: Array<CpuGroup | null>) {
  const all = groups.map((group) => group?.throttled());
  return {
    periods: all.reduce((sum, t) => sum + (t?.periods ?? 0), 0),
    throttledPeriods: all.reduce((sum, t) => sum + (t?.throttledPeriods ?? 0), 0),
  };
}

const quotaNote = (options: TargetOptions) =>
  options.cpuQuota && options.cpuGroups
    ? `, each at most ${options.cpuQuota} core${options.cpuBurst ? ` (burst ${options.cpuBurst})` : ""}`
    : "";

/** One instance, `npm start` on the port, its limits in its own memory. */
export async function startOneInstance(options: TargetOptions): Promise<Target> {
  const group =
    options.cpuQuota && options.cpuGroups
      ? options.cpuGroups.group("instance", {
          quotaCores: options.cpuQuota,
          burstCores: options.cpuBurst,
        })
      : null;
  const server: ChildProcess = spawn(process.execPath, serverStartArgs(options.port), {
    env: { ...process.env, SANDBOX_DB: options.db, REDIS_URL: "", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  track(server);
  if (server.pid) group?.add(server.pid);
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    group?.remove();
  };
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return {
          name: `one instance (npm start, limits in memory${quotaNote(options)})`,
          base,
          cpu: () => ({
            instances: instancesCpu([group], [server.pid]),
            balancer: 0,
            redis: 0,
            ...quotaPeriods([group]),
          }),
          stop,
        };
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill("SIGKILL");
  await stop();
  throw new Error("the instance did not start");
}

/** deploy/: `instances` instances behind HAProxy, limits in Redis. */
export async function startBalanced(instances: number, options: TargetOptions): Promise<Target> {
  const unavailable = deploymentUnavailable({ redis: true });
  if (unavailable) throw new Error(`the deployment cannot run here: ${unavailable}`);
  const deployment: Deployment = await startDeployment({
    instances,
    port: options.port,
    sandboxDb: options.db,
    env: options.env,
    cpuQuota: options.cpuGroups ? options.cpuQuota : undefined,
    cpuBurst: options.cpuBurst,
    cpuGroups: options.cpuGroups ?? undefined,
  });
  const groups = deployment.instances.map((i) => i.cpuGroup);
  const [balancerPid, redisPid] = deployment.serviceProcesses();
  return {
    name: `${instances} instance${instances > 1 ? "s" : ""} behind HAProxy, limits in Redis${quotaNote(options)}`,
    base: deployment.url,
    cpu: () => ({
      instances: instancesCpu(
        groups,
        deployment.instances.map((i) => i.pid()),
      ),
      balancer: processCpuSeconds([balancerPid ?? 0]),
      redis: processCpuSeconds([redisPid ?? 0]),
      ...quotaPeriods(groups),
    }),
    stop: () => deployment.stop(),
  };
}
