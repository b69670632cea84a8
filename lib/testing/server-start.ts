import path from "node:path";

/**
 * This build's server (server.ts, serving NEXT_DIST_DIR or .next) on `port` and
 * `host`, as arguments to `spawn(process.execPath, …)`: `npm start` without npm, so
 * the spawned process is the server itself (a signal reaches it, its exit code is
 * the server's), not an npm or shell wrapper around it.
 */
export const SERVER_ENTRY = path.resolve(import.meta.dirname, "../../server.ts");

/** The loaders `npm start` runs server.ts with (package.json). */
const LOADERS = [
  "--import",
  path.resolve(import.meta.dirname, "../cli/server-modules.mjs"),
  "--import",
  import.meta.resolve("tsx/esm"),
];

export function serverStartArgs(
  port: number | string,
  host = "127.0.0.1",
  options: { keepAliveTimeoutMs?: number } = {},
): string[] {
  const keepAlive = options.keepAliveTimeoutMs
    ? ["--keepAliveTimeout", String(options.keepAliveTimeoutMs)]
    : [];
  return [...LOADERS, SERVER_ENTRY, "-p", String(port), "-H", host, ...keepAlive];
}
