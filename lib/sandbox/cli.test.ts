/**
 * The key command line (docs/readings.md, "Keys and the command line"): JSON on
 * stdout, logs on stderr; businesses, keys list / create / revoke; claims; at most
 * ten active keys per business (docs/api.md, "Authentication"); secrets never stored.
 *
 * The commands run in-process (`run(argv, io)`, what `npm run sandbox` runs) on a
 * temporary database of their own, and their effect is checked through the real
 * request handler; one test starts the program as a person would.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bufferedIo } from "../cli/io";
import { run as runCommand } from "./cli";
import { handleApiRequest } from "./http/handler";
import { openDatabase } from "./storage/db";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "lib", "sandbox", "cli.ts");
const ALL_CLAIMS = ["invoices:read", "customers:read", "contracts:read", "payments:read"];
const UUID_RE =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
interface KeyRow {
  id: string;
  businessId: string;
  name: string;
  claims: string[];
  createdAt: string;
  revokedAt: string | null;
}

let dir = "";
let dbFile = "";
let db: Database.Database;
let businesses: { id: string; name: string }[] = [];

/** One command, in-process, on the test's database. */
function run(args: string[]): Run {
  const io = bufferedIo({ ...process.env, SANDBOX_DB: dbFile });
  const code = runCommand(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

/** The program itself, as `npm run sandbox` starts it: node with tsx's loader. */
function spawnCli(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", CLI, ...args],
      { cwd: ROOT, env: { ...process.env, SANDBOX_DB: dbFile }, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

function json<T>(args: string[]): T {
  const r = run(args);
  expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

async function call(pathAndQuery: string, secret: string | null) {
  const headers: Record<string, string> = {};
  if (secret !== null) headers.authorization = `Bearer ${secret}`;
  const request = new Request(`http://sandbox.test/api/v1${pathAndQuery}`, { headers });
  const response = await handleApiRequest(request, new URL(request.url).pathname.slice(7), {
    db: () => db,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const listKeys = () => json<KeyRow[]>(["keys", "list"]);
const createKey = (business: string, ...extra: string[]) =>
  json<{ id: string; secret: string }>(["keys", "create", "--business", business, ...extra]);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sandbox-cli-test-"));
  dbFile = path.join(dir, "sandbox.sqlite");
  const seeded = run(["seed", "--customers", "20"]);
  expect(seeded.code, seeded.stderr).toBe(0);
  JSON.parse(seeded.stdout);
  db = openDatabase(dbFile);
  businesses = json(["businesses"]);
});

afterAll(() => {
  db?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("sandbox command line: businesses and keys list", () => {
  it("businesses prints [{ id, name }], the demo business first", () => {
    expect(businesses.length).toBeGreaterThanOrEqual(2);
    for (const b of businesses) {
      expect(Object.keys(b).sort()).toEqual(["id", "name"]);
      expect(b.id).toMatch(UUID_RE);
      expect(typeof b.name).toBe("string");
    }
    const rows = db.prepare("SELECT id, name FROM businesses ORDER BY position").all();
    expect(businesses).toEqual(rows);
  });

  it("keys list prints [{ id, businessId, name, claims, createdAt, revokedAt }]", () => {
    const keys = listKeys();
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(Object.keys(k).sort()).toEqual(
        ["businessId", "claims", "createdAt", "id", "name", "revokedAt"].sort(),
      );
      expect(k.id).toMatch(UUID_RE);
      expect(businesses.map((b) => b.id)).toContain(k.businessId);
      expect(typeof k.name).toBe("string");
      expect(Array.isArray(k.claims)).toBe(true);
      for (const c of k.claims) expect(ALL_CLAIMS).toContain(c);
      expect(k.createdAt).toMatch(ISO_RE);
      if (k.revokedAt !== null) expect(k.revokedAt).toMatch(ISO_RE);
    }
  });
});

describe("sandbox command line: keys create and revoke, claims", () => {
  it("keys create prints { id, secret }; the key works at once, holds all four claims, and is listed", async () => {
    const demo = businesses[0]!;
    const created = createKey(demo.id, "--name", "CLI test key");
    expect(Object.keys(created).sort()).toEqual(["id", "secret"]);
    expect(created.id).toMatch(UUID_RE);
    expect(typeof created.secret).toBe("string");
    expect(created.secret.length).toBeGreaterThanOrEqual(16);

    const me = await call("/me", created.secret);
    expect(me.status).toBe(200);
    expect(me.body.apiKeyId).toBe(created.id);
    expect(me.body.entityId).toBe(demo.id);
    expect([...me.body.authorizationClaims].sort()).toEqual([...ALL_CLAIMS].sort());
    for (const p of ["/invoices", "/customers", "/contracts", "/payments"])
      expect((await call(p, created.secret)).status, p).toBe(200);

    const listed = listKeys().find((k) => k.id === created.id);
    expect(listed).toBeDefined();
    expect(listed!.businessId).toBe(demo.id);
    expect(listed!.name).toBe("CLI test key");
    expect([...listed!.claims].sort()).toEqual([...ALL_CLAIMS].sort());
    expect(listed!.revokedAt).toBeNull();
    // the secret is shown once: never in the list
    expect(JSON.stringify(listKeys())).not.toContain(created.secret);
  });

  it("a key of the second business reads that business", async () => {
    const other = businesses[1]!;
    const created = createKey(other.id);
    const me = await call("/me", created.secret);
    expect(me.status).toBe(200);
    expect(me.body.entityId).toBe(other.id);
  });

  it("keys revoke prints { id, revokedAt }; the key is refused at once", async () => {
    const demo = businesses[0]!;
    const created = createKey(demo.id);
    expect((await call("/me", created.secret)).status).toBe(200);
    const revoked = json<{ id: string; revokedAt: string }>(["keys", "revoke", created.id]);
    expect(Object.keys(revoked).sort()).toEqual(["id", "revokedAt"]);
    expect(revoked.id).toBe(created.id);
    expect(revoked.revokedAt).toMatch(ISO_RE);
    for (const p of ["/me", "/invoices", "/customers", "/contracts", "/payments"]) {
      const res = await call(p, created.secret);
      expect(res.status, p).toBe(401);
      expect(res.body.code).toBe("UNAUTHORIZED");
    }
    const listed = listKeys().find((k) => k.id === created.id);
    expect(listed!.revokedAt).toBe(revoked.revokedAt);
  });

  it("--claims payments:read gives exactly that claim", async () => {
    const created = createKey(businesses[0]!.id, "--claims", "payments:read");
    const listed = listKeys().find((k) => k.id === created.id);
    expect(listed!.claims).toEqual(["payments:read"]);
    const me = await call("/me", created.secret);
    expect(me.status).toBe(200);
    expect(me.body.authorizationClaims).toEqual(["payments:read"]);
    expect((await call("/payments", created.secret)).status).toBe(200);
    for (const p of ["/invoices", "/customers", "/contracts"])
      expect((await call(p, created.secret)).status, p).toBe(401);
  });

  it("--claims a,b gives exactly those claims", async () => {
    const created = createKey(businesses[0]!.id, "--claims", "invoices:read,contracts:read");
    const listed = listKeys().find((k) => k.id === created.id);
    expect([...listed!.claims].sort()).toEqual(["contracts:read", "invoices:read"]);
    const me = await call("/me", created.secret);
    expect([...me.body.authorizationClaims].sort()).toEqual(["contracts:read", "invoices:read"]);
    expect((await call("/invoices", created.secret)).status).toBe(200);
    expect((await call("/contracts", created.secret)).status).toBe(200);
    expect((await call("/customers", created.secret)).status).toBe(401);
    expect((await call("/payments", created.secret)).status).toBe(401);
  });
});

describe("sandbox command line: refusals, the ten-key limit, stored secrets", () => {
  it("failing commands exit 2 and print nothing on stdout, the reason on stderr", () => {
    const commands = [
      ["keys", "create", "--business", "00000000-0000-0000-0000-000000000000"],
      ["keys", "create", "--business", businesses[0]!.id, "--claims", "invoices:write"],
      ["keys", "revoke", "00000000-0000-0000-0000-000000000000"],
    ];
    for (const command of [...commands, [], ["keys", "rotate"], ["seed", "--customers", "0"]]) {
      const r = run(command);
      expect(r.code, command.join(" ")).toBe(2);
      expect(r.stdout, command.join(" ")).toBe("");
      expect(r.stderr, command.join(" ")).not.toBe("");
    }
  });

  it("the program (npm run sandbox) prints JSON with exit code 0, and exit code 2 with nothing on stdout when refused", async () => {
    const [listed, refused] = await Promise.all([
      spawnCli(["businesses"]),
      spawnCli(["keys", "revoke", "00000000-0000-0000-0000-000000000000"]),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(businesses);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).not.toBe("");
  });

  it("a business holds at most ten active keys: the 11th create fails, revoking one frees a place", async () => {
    const demo = businesses[0]!;
    const active = () => listKeys().filter((k) => k.businessId === demo.id && k.revokedAt === null);
    const count = active().length;
    expect(count).toBeLessThanOrEqual(10);
    // fill up to ten
    for (let i = count; i < 10; i++) createKey(demo.id);
    const ten = active();
    expect(ten.length).toBe(10);

    const eleventh = run(["keys", "create", "--business", demo.id]);
    expect(eleventh.code).not.toBe(0);
    expect(eleventh.stdout).toBe("");
    expect(eleventh.stderr.length).toBeGreaterThan(0);
    expect(active().length).toBe(10);

    // another business is not affected
    createKey(businesses[1]!.id);

    json(["keys", "revoke", ten[0]!.id]);
    const again = createKey(demo.id);
    expect((await call("/me", again.secret)).status).toBe(200);
    const twelfth = run(["keys", "create", "--business", demo.id]);
    expect(twelfth.code).not.toBe(0);
    expect(twelfth.stdout).toBe("");
  });

  it("secrets are not stored in the database files", async () => {
    const secrets = [
      createKey(businesses[1]!.id, "--name", "secret check 1"),
      createKey(businesses[1]!.id, "--name", "secret check 2", "--claims", "payments:read"),
    ];
    // make sure the writes are in the files on disk, whether in the main file or the WAL
    db.pragma("wal_checkpoint(PASSIVE)");
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith("sandbox.sqlite") && !f.endsWith(".demo-key"))
      .map((f) => path.join(dir, f));
    expect(files).toContain(dbFile);
    for (const { id, secret } of secrets) {
      expect((await call("/me", secret)).status).toBe(200);
      const tail = secret.slice(-20);
      for (const file of files) {
        const bytes = fs.readFileSync(file);
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
        expect(bytes.includes(Buffer.from(tail)), `end of ${secret} in ${file}`).toBe(false);
      }
      // the key itself is stored (its id is findable), so the search does look at the right bytes
      expect(files.some((f) => fs.readFileSync(f).includes(Buffer.from(id)))).toBe(true);
    }
  });
});
