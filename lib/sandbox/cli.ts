/**
 * The sandbox's command line (docs/readings.md, "Keys and the command line"): JSON
 * on stdout, logs on stderr; exit code 2 for a usage or key error, 1 for anything
 * else. `run` is the command itself, callable in-process (tests); run as a program
 * it uses the process's streams and environment.
 *
 *   npm run sandbox -- seed [--customers N] [--seed S] [--reset]
 *   npm run sandbox -- businesses
 *   npm run sandbox -- keys list
 *   npm run sandbox -- keys create --business <id> [--claims a,b] [--name N]
 *   npm run sandbox -- keys revoke <id>
 */
import { parseArgs } from "node:util";
import { type CommandIo, isMain, runAsProgram } from "../cli/io";
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

interface Options {
  customers?: string;
  seed?: string;
  reset?: boolean;
  business?: string;
  claims?: string;
  name?: string;
  help?: boolean;
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${flag} must be a positive integer`);
  return Number(value);
}

/** Runs one command on the database SANDBOX_DB names; returns the exit code. */
export function run(argv: string[], io: CommandIo): number {
  try {
    const result = runCommand(argv, io);
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof KeyError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      io.stderr(`${(error as Error).message}\n`);
      return 2;
    }
    io.stderr(`${(error as Error).stack ?? error}\n`);
    return 1;
  }
}

function runCommand(argv: string[], io: CommandIo): unknown {
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
  const db = openDatabase(sandboxDbPath(io.env));
  try {
    return onDatabase(db, io, command, sub, arg, values);
  } finally {
    // Closing checkpoints the write-ahead log into the database file.
    db.close();
  }
}

function onDatabase(
  db: ReturnType<typeof openDatabase>,
  io: CommandIo,
  command: string,
  sub: string | undefined,
  arg: string | undefined,
  values: Options,
): unknown {
  const log = (message: string) => io.stderr(`[sandbox] ${message}\n`);
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

if (isMain(import.meta.url)) runAsProgram(run);
