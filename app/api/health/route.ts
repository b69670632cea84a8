export const dynamic = "force-dynamic";

/**
 * The load balancer's health check (deploy/haproxy.cfg): answers once this instance
 * has passed its start-up checks (Next.js holds requests until instrumentation.ts is
 * done), whatever the Invoicing API's state; no session needed, nothing revealed.
 */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
