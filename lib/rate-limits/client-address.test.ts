/**
 * The client's address over real HTTP, stamped as server.ts stamps it: the socket's,
 * whatever X-Forwarded-For or stamp header a client writes, unless proxies of ours
 * are declared (TRUST_PROXY).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, clientAddressOf, PEER_HEADER, stampPeerAddress } from "./client-address";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    stampPeerAddress(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    res.end(
      JSON.stringify({
        direct: clientAddress(headers, 0),
        oneProxy: clientAddress(headers, 1),
        twoProxies: clientAddress(headers, 2),
        ofRequest: clientAddressOf(req),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function ask(headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return (await res.json()) as {
    direct: string;
    oneProxy: string;
    twoProxies: string;
    ofRequest: string;
  };
}

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever the client writes", async () => {
    expect((await ask()).direct).toBe("127.0.0.1");
    expect((await ask({ "x-forwarded-for": "203.0.113.9" })).direct).toBe("127.0.0.1");
    const forged = await ask({
      [PEER_HEADER]: "forged 203.0.113.9",
      "x-forwarded-for": "10.0.0.1",
    });
    expect(forged.direct).toBe("127.0.0.1");
    // What server.ts counts a refused sign-in body against (TRUST_PROXY unset here).
    expect(forged.ofRequest).toBe("127.0.0.1");
  });

  it("behind N trusted proxies, is the N-th forwarded hop from the right", async () => {
    const seen = await ask({ "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.0.0.2" });
    expect(seen.oneProxy).toBe("10.0.0.2");
    expect(seen.twoProxies).toBe("203.0.113.7");
    expect((await ask()).oneProxy).toBe("unknown");
  });

  it("never takes a stamp it did not write", () => {
    expect(clientAddress(new Headers({ [PEER_HEADER]: "guess 203.0.113.9" }), 0)).toBe("unknown");
    expect(clientAddress(new Headers(), 0)).toBe("unknown");
  });
});
