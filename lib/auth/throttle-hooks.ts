import "server-only";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { clientAddress } from "@/lib/rate-limits/client-address";
import { accountKey, type SignInThrottle, signInThrottle } from "./throttle";

/**
 * better-auth's endpoints that check a password, by path. Of them, the HTTP routes
 * answer only sign-in/email (lib/auth/endpoints.ts; change-password, delete-user and
 * the like answer 404), and the sign-in form's server action calls the same endpoint
 * in-process: both pass through these hooks, since better-auth runs its hooks for
 * HTTP requests and `auth.api.*` calls alike.
 */
export const PASSWORD_PATHS: ReadonlySet<string> = new Set(["/sign-in/email"]);

/** What the sign-in action and the HTTP answer read from a refusal. */
export const TOO_MANY_ATTEMPTS = "TOO_MANY_ATTEMPTS";

interface HookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  request?: Request;
  context: { returned?: unknown };
}

/** The account and client of a password attempt, or null when it names no address (refused as invalid). */
function attemptOf(ctx: HookContext): { account: string; client: string } | null {
  if (!ctx.path || !PASSWORD_PATHS.has(ctx.path)) return null;
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string" || email.trim() === "") return null;
  const headers = ctx.headers ?? ctx.request?.headers ?? new Headers();
  return { account: accountKey(email), client: clientAddress(headers) };
}

/** better-auth's `hooks` option: the throttle before each password check, its outcome after. */
export function passwordThrottleHooks(throttle: () => SignInThrottle = signInThrottle) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const attempt = attemptOf(ctx as HookContext);
      if (!attempt) return;
      const admission = await throttle().admit(attempt.account, attempt.client);
      if (admission.ok) return;
      const wait = admission.retryAfterSec;
      throw new APIError(
        "TOO_MANY_REQUESTS",
        {
          message: `Too many sign-in attempts: try again in ${wait} s.`,
          code: TOO_MANY_ATTEMPTS,
          retryAfterSec: wait,
        },
        { "retry-after": String(wait), "cache-control": "no-store" },
      );
    }),
    after: createAuthMiddleware(async (ctx) => {
      const attempt = attemptOf(ctx as HookContext);
      if (!attempt) return;
      // A failure stays counted (its attempt was counted on arrival); a success gives it back.
      if (!isAPIError((ctx as HookContext).context.returned))
        await throttle().succeeded(attempt.account, attempt.client);
    }),
  };
}
