import path from "node:path";

/**
 * `next start` of this build (NEXT_DIST_DIR, or .next) on `port` and `host`, as
 * arguments to `spawn(process.execPath, …)`: Next.js's own binary run directly, so
 * the spawned process is the server itself (a signal reaches it, its exit code is
 * the server's), not an npm or shell wrapper around it.
 */
export const NEXT_BIN = path.resolve(import.meta.dirname, "../../node_modules/next/dist/bin/next");

export function nextStartArgs(
  port: number | string,
  host = "127.0.0.1",
  options: { keepAliveTimeoutMs?: number } = {},
): string[] {
  const keepAlive = options.keepAliveTimeoutMs
    ? ["--keepAliveTimeout", String(options.keepAliveTimeoutMs)]
    : [];
  return [NEXT_BIN, "start", "-p", String(port), "-H", host, ...keepAlive];
}
