import {
  answerWhileSilent,
  failedOnStorage,
  isAnsweredAuthEndpoint,
  stripSessionTokens,
} from "@/lib/auth/endpoints";
import { authSetup, getAuth, getStorageHealth } from "@/lib/auth/server";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const NO_STORE = { "cache-control": "no-store" };

const notFound = (message: string) =>
  Response.json({ message, code: "NOT_FOUND", issues: [] }, { status: 404, headers: NO_STORE });

/**
 * better-auth's endpoints that the dashboard uses over HTTP (lib/auth/endpoints.ts:
 * the OIDC callback, password sign-in, the session check), their answers without
 * session tokens; every other path answers 404. Absent when the dashboard runs open;
 * a clear 503 when sign-in is required but misconfigured. While the sign-in storage
 * is not answering, said at once (answerWhileSilent), not after its timeout; an
 * answer that waited the timeout out is said the same way, and makes it silent.
 */
async function handle(request: Request): Promise<Response> {
  const setup = authSetup();
  if (setup.mode === "open") return notFound("Sign-in is off: the dashboard runs open.");
  const url = new URL(request.url);
  if (!isAnsweredAuthEndpoint(request.method, url.pathname))
    return notFound("No such endpoint: accounts are managed with `npm run auth` on the server.");
  if (setup.mode === "invalid")
    return Response.json(
      {
        message: "Sign-in is required but not configured.",
        code: "AUTH_NOT_CONFIGURED",
        issues: [],
      },
      { status: 503, headers: NO_STORE },
    );
  const [auth, health] = await Promise.all([getAuth(), getStorageHealth()]);
  if (health.silent) return answerWhileSilent(url.pathname, setup.config.baseURL);
  const started = Date.now();
  const answer = await auth.handler(request);
  const tookMs = Date.now() - started;
  if (failedOnStorage(answer, tookMs, health)) {
    health.failed(`${url.pathname} waited out the storage's timeout`, tookMs);
    return answerWhileSilent(url.pathname, setup.config.baseURL);
  }
  return stripSessionTokens(answer);
}

export const GET = handle;
export const POST = handle;
