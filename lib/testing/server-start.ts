import path from "node:path";

/**
 * This build's server on `port` and `host`, as arguments to `spawn(process.execPath,
 * …)`: `npm start` without npm (server.ts as `npm run build` compiles it into the
 * build, NEXT_DIST_DIR or .next), so the spawned process is the server itself (a
 * signal reaches it, its exit code is the server's), not an npm or shell wrapper.
 */
export function serverEntry(): string {
  return path.resolve(
    import.meta.dirname,
    "../..",
    process.env.NEXT_DIST_DIR || ".next",
    "server.mjs",
  );
}

export function serverStartArgs(
  port: number | string,
  host = "127.0.0.1",
  options: { keepAliveTimeoutMs?: number } = {},
): string[] {
  const keepAlive = options.keepAliveTimeoutMs
    ? ["--keepAliveTimeout", String(options.keepAliveTimeoutMs)]
    : [];
  return [serverEntry(), "-p", String(port), "-H", host, ...keepAlive];
}
