/**
 * The sandbox's command line (decisions.md): JSON on stdout, logs on stderr.
 *
 *   npm run sandbox -- seed [--customers N] [--seed S] [--reset]
 *   npm run sandbox -- businesses
 *   npm run sandbox -- keys list
 *   npm run sandbox -- keys create --business <id> [--claims a,b] [--name N]
 *   npm run sandbox -- keys revoke <id>
 */
import { parseArgs } from "node:util";
import { sandboxDbPath } from "./env";
import { createKey, KeyError, listKeys, revokeKey } from "./keys";
import { openDatabase } from "./storage/db";
import { ensureSeeded, seedDatabase } from "./storage/seed-database";

const USAGE = `usage:
  sandbox seed [--customers N] [--seed S] [--reset]
  sandbox businesses
  sandbox keys list
  sandbox keys create --business <id> [--claims a,b] [--name N]
  sandbox keys revoke <id>`;

class UsageError extends Error {}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${flag} must be a positive integer`);
  return Number(value);
}

function run(argv: string[]): unknown {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      customers: { type: "string" },
      seed: { type: "string" },
      reset: { type: "boolean" },
      business: { type: "string" },
      claims: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command) throw new UsageError(USAGE);
  const db = openDatabase(sandboxDbPath());
  try {
    return runCommand(db, command, sub, arg, values);
  } finally {
    // Closing checkpoints the write-ahead log into the database file.
    db.close();
  }
}

function runCommand(
  db: ReturnType<typeof openDatabase>,
  command: string,
  sub: string | undefined,
  arg: string | undefined,
  values: {
    customers?: string;
    seed?: string;
    reset?: boolean;
    business?: string;
    claims?: string;
    name?: string;
  },
): unknown {
  const log = (message: string) => console.error(`[sandbox] ${message}`);
  switch (command) {
    case "seed": {
      const customers = positiveInteger(values.customers, "--customers");
      const seed = positiveInteger(values.seed, "--seed");
      return seedDatabase(db, { customers, seed, reset: values.reset ?? false, log });
    }
    case "businesses":
      ensureSeeded(db);
      return db.prepare("SELECT id, name FROM businesses ORDER BY position").all();
    case "keys":
      ensureSeeded(db);
      if (sub === "list") return listKeys(db);
      if (sub === "create") {
        if (!values.business) throw new UsageError("keys create needs --business <id>");
        const claims = values.claims
          ?.split(",")
          .map((c) => c.trim())
          .filter(Boolean);
        return createKey(db, {
          businessId: values.business,
          claims: claims && claims.length > 0 ? claims : undefined,
          name: values.name,
        });
      }
      if (sub === "revoke") {
        if (!arg) throw new UsageError("keys revoke needs the key's id");
        return revokeKey(db, arg);
      }
      throw new UsageError(USAGE);
    default:
      throw new UsageError(USAGE);
  }
}

try {
  const result = run(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof KeyError ||
    (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
  ) {
    console.error((error as Error).message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
}
