/**
 * A divergent Invoicing API over real HTTP, for the tests of `npm run check-api`:
 * a server on 127.0.0.1 that answers `/api/v1/*` from the built-in API (in this
 * process, SANDBOX_DB, the caller's key passed through) and rewrites the answers
 * as `divergence.ts` says.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serveSandboxRequest } from "@/lib/sandbox";
import { type Divergence, divergentBody, divergentRefusal, divergentSearch } from "./divergence";

export interface DivergentApi {
  /** the API's base URL, ending in /api/v1 */
  url: string;
  /** the paths and queries asked, in order */
  requests: string[];
  close(): Promise<void>;
}

export async function startDivergentApi(divergence: Divergence): Promise<DivergentApi> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const url = new URL(req.url ?? "/", "http://divergent.test");
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      if (!url.pathname.startsWith("/api/v1/"))
        return send(404, { message: "Not found", code: "NOT_FOUND" });
      const path = url.pathname.slice("/api/v1".length);
      const refusal = divergentRefusal(divergence, path, url.searchParams);
      if (refusal) return send(refusal.status, refusal.body);
      const asked = divergentSearch(divergence, path, url.searchParams);
      const answer = await serveSandboxRequest(
        new Request(`http://sandbox.internal${url.pathname}${asked.size > 0 ? `?${asked}` : ""}`, {
          method: req.method,
          headers: req.headers.authorization ? { authorization: req.headers.authorization } : {},
        }),
        path,
      );
      const body: unknown = await answer.json();
      send(answer.status, answer.ok ? divergentBody(divergence, path, body) : body);
    })().catch((error: unknown) => send(502, { message: String(error), code: "DIVERGENT_API" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
