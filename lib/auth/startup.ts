/**
 * The start-up check instrumentation.ts runs in the Node.js runtime. When sign-in is
 * required (a real INVOICING_API_URL, or AUTH_REQUIRED=1) but not validly configured,
 * the server refuses to start: it prints what is missing (never a secret) and exits
 * non-zero, instead of serving a dashboard nobody can sign in to, or an open one.
 * It also makes the process's sign-in instance, which creates or updates the auth
 * database's schema, so a storage problem shows at start too.
 */
import { describeProblems, readAuthSetup } from "./config";
import { endSignOutsLeftPending, getStorageHealth } from "./server";

export async function checkAuthAtStartup(): Promise<void> {
  const setup = readAuthSetup(process.env);
  if (setup.mode === "open") {
    console.log("Sign-in: off (the built-in demo API runs open; AUTH_REQUIRED=1 turns it on)");
    return;
  }
  if (setup.mode === "invalid") {
    console.error(`${describeProblems(setup.problems)}\nThe server will not start.`);
    process.exit(1);
  }
  try {
    // The process's own instance (lib/auth/server.ts), made now and kept: its storage's
    // health hears the other instances from the start, not from a first request.
    await getStorageHealth();
  } catch (error) {
    console.error(`Sign-in storage could not be opened: ${(error as Error).message}`);
    console.error("The server will not start.");
    process.exit(1);
  }
  // Sign-outs another instance (or this one, before a restart) could not record while
  // the storage was not answering: ended now that it answers.
  void endSignOutsLeftPending().then(
    (ended) => {
      if (ended > 0)
        console.log(
          `Sign-in: ended ${ended} session(s) signed out while the storage was not answering`,
        );
    },
    () => {},
  );
  const methods = [
    setup.config.oidc ? `OpenID Connect (${setup.config.oidc.issuer})` : null,
    setup.config.localAccounts ? "local accounts" : null,
  ].filter(Boolean);
  console.log(`Sign-in: required, by ${methods.join(" and ")}`);
}
