/**
 * Writes to this site's own API (saved views) from its own pages only: the Origin
 * equal to the site's origin, scheme, host and port alike, X-Forwarded-Host and
 * -Proto believed only behind a proxy of ours (TRUST_PROXY), and a JSON body.
 */
import { describe, expect, it } from "vitest";
import { siteOrigin, siteWriteRefusal } from "./foreign-origin";

const SITE = "http://127.0.0.1:3000";

function write(headers: Record<string, string>, method = "POST"): Request {
  return new Request(`${SITE}/api/views`, {
    method,
    headers: { host: "127.0.0.1:3000", "content-type": "application/json", ...headers },
    body: method === "DELETE" ? undefined : "{}",
  });
}

async function refusedWith(request: Request, env: Record<string, string> = {}) {
  const refused = siteWriteRefusal(request, env);
  if (!refused) return null;
  return {
    status: refused.status,
    ...((await refused.json()) as { code: string; message: string }),
  };
}

describe("this site's origin", () => {
  it("is the Host with the public address's scheme, or http", () => {
    const host = new Headers({ host: "Dash.Example:8443" });
    expect(siteOrigin(host, {})).toBe("http://dash.example:8443");
    expect(siteOrigin(host, { AUTH_URL: "https://dash.example:8443" })).toBe(
      "https://dash.example:8443",
    );
    expect(siteOrigin(new Headers({ host: "[::1]:3000" }), {})).toBe("http://[::1]:3000");
    expect(siteOrigin(new Headers({ host: "dash.example:80" }), {})).toBe("http://dash.example");
    for (const bad of ["", "evil.example/@x", "a b", "dash.example:port"])
      expect(siteOrigin(new Headers({ host: bad }), {}), bad).toBeNull();
  });

  it("takes X-Forwarded-Host and -Proto from a proxy of ours only (TRUST_PROXY)", () => {
    const headers = new Headers({
      host: "10.0.0.5:3001",
      "x-forwarded-host": "dash.example, evil.example",
      "x-forwarded-proto": "https",
    });
    expect(siteOrigin(headers, {})).toBe("http://10.0.0.5:3001");
    expect(siteOrigin(headers, { TRUST_PROXY: "1" })).toBe("https://dash.example");
  });
});

describe("a saved view's write", () => {
  it("from this site's own page, as JSON: goes ahead (reads always do)", async () => {
    expect(await refusedWith(write({ origin: SITE, "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(await refusedWith(write({ origin: SITE }, "PATCH"))).toBeNull();
    expect(await refusedWith(write({ origin: SITE }, "DELETE"))).toBeNull();
    const read = new Request(`${SITE}/api/views`, { headers: { host: "127.0.0.1:3000" } });
    expect(await refusedWith(read)).toBeNull();
  });

  it("with no Origin, even marked cross-site with a text/plain body: 403", async () => {
    expect(
      await refusedWith(write({ "sec-fetch-site": "cross-site", "content-type": "text/plain" })),
    ).toEqual({
      status: 403,
      code: "FORBIDDEN",
      message:
        "This change names no Origin: saved views are changed from this dashboard's own pages only.",
      issues: [],
    });
    expect((await refusedWith(write({})))?.status).toBe(403);
  });

  it("from a foreign Origin that names itself in X-Forwarded-Host, TRUST_PROXY unset: 403", async () => {
    const forged = write({ origin: "http://evil.example", "x-forwarded-host": "evil.example" });
    expect(await refusedWith(forged)).toMatchObject({
      status: 403,
      message: expect.stringContaining("sent from another site (http://evil.example)"),
    });
    // Behind a proxy of ours, the host it forwarded is this site's.
    const proxied = write({
      origin: "https://dash.example",
      "x-forwarded-host": "dash.example",
      "x-forwarded-proto": "https",
    });
    expect(await refusedWith(proxied, { TRUST_PROXY: "1" })).toBeNull();
    expect((await refusedWith(proxied))?.status).toBe(403);
  });

  it("from another scheme or port of the same host, or an opaque origin: 403", async () => {
    for (const origin of ["https://127.0.0.1:3000", "http://127.0.0.1:3001", "null"])
      expect((await refusedWith(write({ origin })))?.status, origin).toBe(403);
    expect(
      (await refusedWith(write({ origin: SITE, "sec-fetch-site": "same-site" })))?.status,
    ).toBe(403);
  });

  it("from this site but not as JSON (a form, text/plain, none): 415 naming the type", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const request = new Request(`${SITE}/api/views`, {
        method: "POST",
        headers: {
          host: "127.0.0.1:3000",
          origin: SITE,
          ...(type ? { "content-type": type } : {}),
        },
        body: type ? "{}" : null,
      });
      const refused = await refusedWith(request);
      expect(refused?.status, type).toBe(415);
      expect(refused?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
    const charset = write({ origin: SITE, "content-type": "application/json; charset=utf-8" });
    expect(await refusedWith(charset)).toBeNull();
  });
});
