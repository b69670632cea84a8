/**
 * The browser's retry policy and its reading of a 429: the dashboard's own limit is
 * waited out for as long as Retry-After says; other answers are final.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Fetcher,
  getJson,
  RATE_LIMIT_RETRIES,
  refetchWhenStale,
  retryDelay,
  shouldRetry,
} from "./client";
import { ApiRequestError, errorFromResponse, parseRetryAfterSec } from "./errors";

const refusal = () =>
  Response.json(
    { message: "Too many requests: try again in 3 s.", code: "RATE_LIMITED", issues: [] },
    { status: 429, headers: { "retry-after": "3" } },
  );

describe("a 429", () => {
  it("is its own kind, with the wait it names", async () => {
    const error = await errorFromResponse(refusal());
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAfterSec).toBe(3);
    expect(error.toJSON()).toMatchObject({ kind: "rate-limited", status: 429, retryAfterSec: 3 });
  });

  it("reads Retry-After as seconds or a date", () => {
    const now = Date.parse("2026-11-22T09:30:00Z");
    expect(parseRetryAfterSec("7", now)).toBe(7);
    expect(parseRetryAfterSec("0", now)).toBe(1);
    expect(parseRetryAfterSec("Sun, 22 Nov 2026 09:30:05 GMT", now)).toBe(5);
    expect(parseRetryAfterSec("soon", now)).toBeNull();
    expect(parseRetryAfterSec(null, now)).toBeNull();
  });
});

describe("what an error answer is about", () => {
  const answer = (status: number, code: string) =>
    Response.json({ message: "m", code, issues: [] }, { status });

  it("the dashboard's own sign-in answers are about the person's session, not the API key", async () => {
    expect((await errorFromResponse(answer(401, "UNAUTHENTICATED"))).kind).toBe("signed-out");
    expect((await errorFromResponse(answer(503, "SIGN_IN_UNAVAILABLE"))).kind).toBe(
      "sign-in-unavailable",
    );
    // The API's own 401 (its key refused) stays the key's.
    expect((await errorFromResponse(answer(401, "UNAUTHORIZED"))).kind).toBe("unauthorized");
    expect((await errorFromResponse(answer(502, "UPSTREAM_UNAVAILABLE"))).kind).toBe("network");
  });

  it("a code it does not know goes by the status, whatever its name", async () => {
    for (const code of ["constructor", "toString", "__proto__", "SOMETHING_NEW"])
      expect((await errorFromResponse(answer(500, code))).kind).toBe("server");
  });
});

describe("retries", () => {
  const network = new ApiRequestError({
    kind: "network",
    status: null,
    code: null,
    message: "down",
    issues: [],
  });
  const server = new ApiRequestError({
    kind: "server",
    status: 500,
    code: null,
    message: "failed",
    issues: [],
  });

  it("waits out a 429 for its Retry-After, a few times", async () => {
    const limited = await errorFromResponse(refusal());
    for (let n = 0; n < RATE_LIMIT_RETRIES; n++) expect(shouldRetry(n, limited)).toBe(true);
    expect(shouldRetry(RATE_LIMIT_RETRIES, limited)).toBe(false);
    const delay = retryDelay(0, limited);
    expect(delay).toBeGreaterThanOrEqual(3000);
    expect(delay).toBeLessThan(3250);
  });

  it("tries a network failure twice more, backing off; an answer like a 500 is final", () => {
    expect([0, 1, 2].map((n) => shouldRetry(n, network))).toEqual([true, true, false]);
    expect([0, 1].map((n) => retryDelay(n, network))).toEqual([1000, 2000]);
    expect(shouldRetry(0, server)).toBe(false);
  });
});

describe("coming back to a list", () => {
  it("reads a stale list of one page again, and keeps a longer one as it was", () => {
    const withPages = (n: number) => ({ state: { data: { pages: Array(n).fill({}) } } });
    expect(refetchWhenStale({ state: { data: undefined } })).toBe(true);
    expect(refetchWhenStale(withPages(1))).toBe(true);
    expect(refetchWhenStale(withPages(2))).toBe(false);
    expect(refetchWhenStale(withPages(80))).toBe(false);
  });
});

describe("getJson over real HTTP", () => {
  let server: http.Server;
  let over: Fetcher;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/page") return res.end(JSON.stringify({ data: [1], hasMore: false }));
      if (req.url === "/html") return res.end("<html>a proxy's page</html>");
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Bad page", code: "INVALID_QUERY", issues: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    over = (path, init) => fetch(`${base}${path}`, init);
  });
  afterAll(() => {
    server.close();
  });

  it("reads an answer's JSON", async () => {
    expect(await getJson(over, "/page")).toEqual({ data: [1], hasMore: false });
  });

  it("turns an error answer, a body that is not JSON and no answer into ApiRequestErrors", async () => {
    await expect(getJson(over, "/bad")).rejects.toMatchObject({ status: 400, message: "Bad page" });
    await expect(getJson(over, "/html")).rejects.toMatchObject({ kind: "invalid-response" });
    const nowhere: Fetcher = (path, init) => fetch(`http://127.0.0.1:9${path}`, init);
    await expect(getJson(nowhere, "/page")).rejects.toMatchObject({ kind: "network" });
  });

  it("leaves a cancelled request an AbortError, not a failure to show", async () => {
    const cancelled = getJson(over, "/page", AbortSignal.abort());
    await expect(cancelled).rejects.toMatchObject({ name: "AbortError" });
    await expect(cancelled).rejects.not.toBeInstanceOf(ApiRequestError);
  });
});
