/** The deployment's child processes (instances, HAProxy): waiting on them and reaping them. */
import type { ChildProcess } from "node:child_process";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Children still running when this process exits go with it (a test that failed hard). */
const children = new Set<ChildProcess>();
let reaping = false;

export function track(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
  if (reaping) return;
  reaping = true;
  process.once("exit", () => {
    for (const running of children) running.kill("SIGKILL");
  });
}

export function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}
