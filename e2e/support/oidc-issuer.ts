/**
 * A real OpenID Connect issuer for the sign-in tests (panva's oidc-provider, the
 * certified implementation) on 127.0.0.1, with one registered client and its
 * development login screen (any login, any password; the login is the e-mail).
 * With --app-port it then starts the app with sign-in on, reading a real HTTP API:
 * its own built-in API (INVOICING_SANDBOX=1) on a small demo database, through
 * INVOICING_API_URL, which is what makes sign-in required. It signs in by OIDC
 * (e-mails at @staff.test are allowed) and by the local account of e2e/support/session.ts,
 * created with `npm run auth`'s code before the start.
 *
 *   tsx e2e/support/oidc-issuer.ts --port 3650 --app-port 3600 --db .data/e2e-auth-app.sqlite
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { run as runAuthCommand } from "../../lib/auth/cli";
import { bufferedIo } from "../../lib/cli/io";
import { createKey } from "../../lib/sandbox/keys";
import { openDatabase } from "../../lib/sandbox/storage/db";
import { seedDatabase } from "../../lib/sandbox/storage/seed-database";
import { serverStartArgs } from "../../lib/testing/server-start";
import { E2E_ACCOUNT, OIDC_ALLOWED_DOMAIN, OIDC_CLIENT, SHARED_ACCOUNT_LIMITS } from "./session";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    "app-port": { type: "string" },
    db: { type: "string" },
  },
});
if (!values.port) throw new Error("--port is required");
const port = Number(values.port);
const issuer = `http://127.0.0.1:${port}`;
const appPort = values["app-port"];

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: OIDC_CLIENT.id,
      client_secret: OIDC_CLIENT.secret,
      redirect_uris: appPort ? [`http://127.0.0.1:${appPort}/api/auth/callback/oidc`] : [],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    },
  ],
  // The login of the development login screen is the account's e-mail address.
  async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
    return {
      accountId: sub,
      async claims() {
        return { sub, email: sub, email_verified: true, name: sub.split("@")[0] };
      },
    };
  },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => true },
  cookies: { keys: [randomBytes(32).toString("base64url")] },
  // A first-party client: no consent screen, the grant is made on login.
  async loadExistingGrant(ctx: KoaContextWithOIDC) {
    const grantId =
      ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({
      clientId: ctx.oidc.client!.clientId,
      accountId: ctx.oidc.session!.accountId!,
    });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
});

const server = provider.listen(port, "127.0.0.1");
console.log(`oidc issuer on ${issuer}`);

if (appPort) {
  if (!values.db) throw new Error("--db is required with --app-port");
  const db = openDatabase(values.db);
  seedDatabase(db, { customers: 40, reset: true });
  const business = db.prepare("SELECT id FROM businesses ORDER BY position LIMIT 1").get() as {
    id: string;
  };
  const key = createKey(db, { businessId: business.id, name: "e2e sign-in" });
  db.close();
  // Beside the database, so the key-leak test can look for it.
  fs.writeFileSync(`${values.db}.test-key`, key.secret, { mode: 0o600 });

  const authDb = `${values.db}.auth.sqlite`;
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${authDb}${suffix}`, { force: true });
  // `npm run auth users add`, in-process: its program would cost a node and tsx of its own.
  const io = bufferedIo({ ...process.env, AUTH_DB: authDb }, E2E_ACCOUNT.password);
  const added = await runAuthCommand(
    ["users", "add", "--email", E2E_ACCOUNT.email, "--name", E2E_ACCOUNT.name, "--password-stdin"],
    io,
  );
  if (added !== 0) throw new Error(`users add failed: ${io.err()}`);

  const appUrl = `http://127.0.0.1:${appPort}`;
  const app = spawn(process.execPath, serverStartArgs(appPort), {
    stdio: "inherit",
    env: {
      ...process.env,
      ...SHARED_ACCOUNT_LIMITS,
      SANDBOX_DB: values.db,
      INVOICING_API_URL: `${appUrl}/api/v1`,
      INVOICING_SANDBOX: "1",
      INVOICING_API_KEY: key.secret,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      AUTH_URL: appUrl,
      AUTH_DB: authDb,
      AUTH_OIDC_ISSUER: issuer,
      AUTH_OIDC_CLIENT_ID: OIDC_CLIENT.id,
      AUTH_OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      AUTH_OIDC_NAME: "Test SSO",
      AUTH_ALLOWED_EMAILS: `@${OIDC_ALLOWED_DOMAIN}`,
    },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      app.kill(signal);
      server.close();
    });
  app.on("exit", (code) => process.exit(code ?? 0));
}
