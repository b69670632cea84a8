import { spawn } from "node:child_process";

/**
 * Runs a TypeScript file in a process of its own, as a server process would load
 * server-only modules (the react-server condition), and resolves with what it
 * printed on stdout; rejects when it exits non-zero. For tests of what several
 * server processes share (SQLite files).
 */
export function runInServerProcess(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", script],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
  });
}
