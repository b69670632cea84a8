/**
 * The request guards: request targets that name no path here get a 400 on a real
 * HTTP server answering as server.ts does (raw sockets, since fetch never sends `*`),
 * and a page POST from a foreign origin is refused exactly when Next.js would refuse
 * the server action.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transportSecurity } from "@/lib/security-headers";
import { foreignActionRefusal } from "./foreign-origin";
import { originFormOf, refuseBadRequestTarget } from "./request-target";

describe("originFormOf", () => {
  it.each([
    ["/invoices?statuses=PAID", "/invoices?statuses=PAID"],
    ["/", "/"],
    ["//a/b", "//a/b"],
    ["http://evil.example/x?y=1", "/x?y=1"],
    ["HTTPS://dash.example", "/"],
    ["*", null],
    ["", null],
    [undefined, null],
    ["http://a:99999/", null],
    ["http://[::1/", null],
    ["example.com:443", null],
    ["ftp://example.com/", null],
    ["invoices", null],
  ])("%s → %s", (target, expected) => {
    expect(originFormOf(target)).toBe(expected);
  });
});

describe("on a real HTTP server", () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (refuseBadRequestTarget(req, res)) return;
      seen.push(req.url ?? "");
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends a request line as written and returns the status line and body. */
  function raw(method: string, target: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () =>
        socket.write(
          `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let out = "";
      socket.on("data", (chunk) => {
        out += chunk;
      });
      socket.on("end", () => {
        const [head = "", ...body] = out.split("\r\n\r\n");
        resolve({ status: Number(head.split(" ")[1]), text: `${head}\n${body.join("")}` });
      });
      socket.on("error", reject);
    });
  }

  it("answers `*` and unparsable targets 400 with the security headers, never reaching the app", async () => {
    for (const [method, target] of [
      ["OPTIONS", "*"],
      ["GET", "*"],
      ["GET", "http://a:99999/"],
      ["GET", "http://[::1/"],
    ] as const) {
      const answer = await raw(method, target);
      expect(answer.status, target).toBe(400);
      expect(answer.text).toMatch(/x-content-type-options: nosniff/i);
      expect(answer.text).toMatch(/content-security-policy: default-src 'none'/i);
      expect(answer.text).toContain("request target must be a path");
    }
    expect(seen).toEqual([]);
  });

  it("passes paths through, and reads an absolute-form target as its path", async () => {
    expect((await raw("GET", "/invoices?x=1")).status).toBe(200);
    expect((await raw("GET", "http://evil.example/key")).status).toBe(200);
    expect(seen).toEqual(["/invoices?x=1", "/key"]);
  });
});

describe("foreignActionRefusal", () => {
  const post = (headers: Record<string, string>, path = "/sign-in") =>
    foreignActionRefusal("POST", path, new Headers(headers));

  it("refuses a page POST whose Origin is another host, an opaque origin or garbage", async () => {
    for (const origin of ["http://evil.example", "null", "not a url", "http://127.0.0.1:9999"]) {
      const refusal = post({ origin, host: "127.0.0.1:3600" });
      expect(refusal?.status, origin).toBe(403);
      expect(refusal?.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // The forwarded host is what Next.js compares when a proxy sets it.
    expect(
      post({
        origin: "http://127.0.0.1:3600",
        host: "127.0.0.1:3600",
        "x-forwarded-host": "dash.example",
      })?.status,
    ).toBe(403);
  });

  it("lets through what Next.js would run: same host, forwarded host, no Origin, GET, API routes", () => {
    expect(post({ origin: "http://127.0.0.1:3600", host: "127.0.0.1:3600" })).toBeNull();
    expect(
      post({
        origin: "https://dash.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "dash.example, proxy",
      }),
    ).toBeNull();
    expect(post({ host: "127.0.0.1:3600" })).toBeNull();
    expect(
      foreignActionRefusal("GET", "/", new Headers({ origin: "http://evil.example" })),
    ).toBeNull();
    expect(
      post({ origin: "http://evil.example", host: "x" }, "/api/auth/sign-in/email"),
    ).toBeNull();
  });
});

describe("transportSecurity", () => {
  it("asks browsers for https only when the public address is https", () => {
    expect(transportSecurity({ AUTH_URL: "https://dash.example" })).toEqual({
      "Strict-Transport-Security": "max-age=31536000",
    });
    expect(transportSecurity({ AUTH_URL: "http://127.0.0.1:3000" })).toEqual({});
    expect(transportSecurity({})).toEqual({});
  });
});
