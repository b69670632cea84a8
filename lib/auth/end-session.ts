import { isAPIError } from "better-auth/api";
import type { Auth } from "./instance";

/**
 * better-auth's sign-out, known to be recorded. Its sign-out logs a storage failure
 * and answers success anyway, the session row left in place (its cookie would go on
 * working), so the session is read before (a storage that cannot be read throws here:
 * one wait when it is not answering) and after (still there: throws).
 */
export async function endSession(auth: Auth, headers: Headers): Promise<"ended" | "no session"> {
  if (!(await sessionOf(auth, headers))) return "no session";
  await auth.api.signOut({ headers });
  if (await sessionOf(auth, headers))
    throw new Error("the sign-in storage did not record the sign-out");
  return "ended";
}

async function sessionOf(auth: Auth, headers: Headers) {
  try {
    return await auth.api.getSession({ headers });
  } catch (error) {
    // A session that vanished while being read: none.
    if (isAPIError(error) && error.statusCode === 401) return null;
    throw error;
  }
}
