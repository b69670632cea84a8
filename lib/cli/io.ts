/**
 * What a command line reads and writes: the process's own streams and environment
 * when run as a program, a test's buffers when called in-process (`run(argv, io)`
 * in lib/sandbox/cli.ts and lib/auth/cli.ts).
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export interface CommandIo {
  /** Variables the command reads (SANDBOX_DB, AUTH_DB, …). */
  env: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
  /** What --password-stdin reads. */
  stdin: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

export function processIo(): CommandIo {
  return {
    env: process.env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: process.stdin,
  };
}

/** Whether the module at `moduleUrl` is the program node was started with (not an import). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  // Node gives a module its real path: compare with the script's, links resolved.
  return script !== undefined && pathToFileURL(fs.realpathSync(script)).href === moduleUrl;
}

/** Runs a command as the program: its exit code becomes the process's. */
export function runAsProgram(run: (argv: string[], io: CommandIo) => number | Promise<number>) {
  void Promise.resolve(run(process.argv.slice(2), processIo())).then((code) => {
    process.exitCode = code;
  });
}

/** An io that keeps what a command writes (for tests): `stdin` is what it may read. */
export function bufferedIo(
  env: NodeJS.ProcessEnv,
  stdin = "",
): CommandIo & { out(): string; err(): string } {
  let out = "";
  let err = "";
  return {
    env,
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    stdin: [stdin],
    out: () => out,
    err: () => err,
  };
}
