import "server-only";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type SharedStore, sharedStore } from "@/lib/shared-state/store";
import { insightsDataDir } from "./config";

/**
 * The secret the insights' identifiers are keyed with (HMAC): the API source's name
 * and the names results are stored under. Keyed, so none of them can be checked
 * offline against a guessed API key. Derived from AUTH_SECRET when it is set (the
 * same on every instance, and always set when a real API is read); otherwise made at
 * random once and kept where this server keeps its results, so a restart finds them
 * again: in Redis for the instances that share one, else in a file (0600) in the
 * results' folder.
 */
export function identifierSecret(place: SharedStore | string = defaultPlace()): Promise<string> {
  const configured = (process.env.AUTH_SECRET || process.env.BETTER_AUTH_SECRET || "").trim();
  if (configured)
    return Promise.resolve(createHmac("sha256", configured).update(PURPOSE).digest("hex"));
  const known = made.get(place);
  if (known) return known;
  const making = (typeof place === "string" ? fileSecret(place) : storeSecret(place)).catch(
    (error: unknown) => {
      made.delete(place);
      throw error;
    },
  );
  made.set(place, making);
  return making;
}

/** What this secret is for: a secret derived from AUTH_SECRET serves this use only. */
const PURPOSE = "invoicing-dashboard insights identifiers";
const SECRET_NAME = "identifier-secret";
const made = new Map<SharedStore | string, Promise<string>>();

function defaultPlace(): SharedStore | string {
  const store = sharedStore();
  return store.kind === "redis" ? store : insightsDataDir();
}

const newSecret = () => randomBytes(32).toString("hex");

async function storeSecret(store: SharedStore): Promise<string> {
  return store.setIfAbsent(`insights:${SECRET_NAME}`, newSecret());
}

/** The folder's secret file, made once: linked into place, so a second maker reads the first's. */
async function fileSecret(dir: string): Promise<string> {
  const file = path.join(dir, SECRET_NAME);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const draft = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(draft, newSecret(), { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
  const secret = (await fs.readFile(file, "utf8")).trim();
  if (secret.length < 32) throw new Error(`${file} holds no secret: delete it to make a new one`);
  return secret;
}
