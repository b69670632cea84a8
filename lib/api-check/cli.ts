/**
 * `npm run check-api [-- --json] [--timeout-ms N] [--no-store]`: probes the
 * Invoicing API that INVOICING_API_URL names (the built-in API when unset) with
 * INVOICING_API_KEY, read-only (GET only, a few dozen requests), and prints what
 * works, what differs and which dashboard pages each difference reaches. Exit 0:
 * everything works, or only harmless differences; 1: a page would fail; 2: usage
 * or configuration error. With REDIS_URL set, the result is also saved where the
 * key page (/key) shows it. The key is never printed.
 */
import { parseArgs } from "node:util";
import { type CommandIo, isMain, processIo } from "../cli/io";
import { connectRedis, redisUrl, waitForRedis } from "../shared-state/redis";
import { createRedisStore } from "../shared-state/store";
import { parseApiConfig } from "../upstream/config";
import { allPageReads } from "./affects";
import { runApiCheck } from "./check";
import { formatReport } from "./report";
import { exitCodeOf } from "./result";
import { checkSource, saveCheck } from "./store";
import { configuredTarget } from "./target";

const USAGE = `usage: npm run check-api [-- --json] [--timeout-ms N] [--no-store]
  Probes the API INVOICING_API_URL names (unset: the built-in API) with INVOICING_API_KEY.
  --json          the result as JSON
  --timeout-ms N  each request's timeout (default INVOICING_API_TIMEOUT_MS, 15000)
  --no-store      do not save the result for the key page (saved when REDIS_URL is set)
Exit 0: everything works or only harmless differences; 1: a page would fail; 2: usage or configuration error.`;

/** Never print the key, whatever an answer echoed. */
export function redact(text: string, secret: string | null): string {
  return secret ? text.split(secret).join("[the key]") : text;
}

export async function run(argv: string[], io: CommandIo): Promise<number> {
  let values: { json?: boolean; "timeout-ms"?: string; "no-store"?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        json: { type: "boolean" },
        "timeout-ms": { type: "string" },
        "no-store": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const timeout = values["timeout-ms"];
  if (
    timeout !== undefined &&
    (!/^\d+$/.test(timeout) || Number(timeout) < 100 || Number(timeout) > 120_000)
  ) {
    io.stderr(`--timeout-ms must be an integer from 100 to 120000\n${USAGE}\n`);
    return 2;
  }
  let config: ReturnType<typeof parseApiConfig>;
  try {
    config = parseApiConfig(io.env);
  } catch (error) {
    const issues = (error as { issues?: { message: string }[] }).issues;
    io.stderr(`${issues?.map((i) => i.message).join("\n") ?? (error as Error).message}\n`);
    return 2;
  }
  if (timeout !== undefined) config = { ...config, timeoutMs: Number(timeout) };

  const target = await configuredTarget(config);
  const result = await runApiCheck(target, { reads: await allPageReads(), ranBy: "command line" });
  const stored = values["no-store"]
    ? "Not saved for the key page (--no-store)."
    : await store(io.env, config, target, result);
  const output = values.json
    ? `${JSON.stringify(result, null, 2)}\n`
    : formatReport(result, stored);
  io.stdout(redact(output, target.secret));
  if (values.json) io.stderr(`${stored}\n`);
  return exitCodeOf(result.verdict);
}

/** Saves the result where the key page reads it: only a shared Redis reaches the dashboard's instances. */
async function store(
  env: NodeJS.ProcessEnv,
  config: ReturnType<typeof parseApiConfig>,
  target: Awaited<ReturnType<typeof configuredTarget>>,
  result: Awaited<ReturnType<typeof runApiCheck>>,
): Promise<string> {
  const url = redisUrl(env);
  if (!url)
    return "Not saved for the key page: REDIS_URL is not set (the key page runs its own check).";
  // A connection of its own, closed when saved: a command line must not linger.
  const client = connectRedis(url);
  try {
    await waitForRedis(client);
    const store = createRedisStore(client);
    await saveCheck(await checkSource(config, target, store), result, store);
    return "Saved for the key page (/key) in Redis.";
  } catch (error) {
    return `Not saved for the key page: ${(error as Error).message}.`;
  } finally {
    client.disconnect();
  }
}

if (isMain(import.meta.url))
  void run(process.argv.slice(2), processIo()).then((code) => {
    // Exit at once: the built-in API's connections would keep the process alive.
    // Standard output to a pipe or file is written synchronously on Linux and macOS.
    process.exit(code);
  });
