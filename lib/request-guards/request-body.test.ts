/**
 * Request bodies held to their route's cap on a real HTTP server that checks them as
 * server.ts does, its handler standing for Next.js: refused by Content-Length before a
 * byte is read, chunked bodies cut as they pass the cap, malformed server actions
 * answered 400, and every other body reaching the handler whole.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyCap } from "./body-caps";
import { checkRequestBody } from "./request-body";

let server: http.Server;
let base: string;
// Kept alive, as browsers keep theirs: a client that asks to close gets its connection
// closed once answered, and one still sending a refused body may then read a reset.
const agent = new http.Agent({ keepAlive: true });
const refused: BodyCap[] = [];
/** What the handler behind the check read: method, path and body. */
const handled: string[] = [];

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const forHandler = await checkRequestBody(req, res, async (cap) => {
      refused.push(cap);
    });
    if (!forHandler) return;
    let body = "";
    for await (const chunk of forHandler) body += chunk;
    handled.push(`${forHandler.method} ${forHandler.url} ${body}`);
    res.end(`read ${Buffer.byteLength(body)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  agent.destroy();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A POST with `body`, chunked when asked (no Content-Length). */
function post(
  path: string,
  body: string,
  options: { chunked?: boolean; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const bytes = Buffer.from(body);
    const req = http.request(
      `${base}${path}`,
      {
        method: "POST",
        agent,
        headers: {
          ...options.headers,
          ...(options.chunked ? {} : { "content-length": bytes.length }),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    if (!options.chunked) return void req.end(bytes);
    // In pieces, as a client streaming its body sends it.
    for (let at = 0; at < bytes.length; at += 1024) req.write(bytes.subarray(at, at + 1024));
    req.end();
  });
}

describe("checkRequestBody", () => {
  it("refuses a body over its route's cap by Content-Length, in the API's error shape", async () => {
    handled.length = 0;
    refused.length = 0;
    const answer = await post("/api/auth/sign-in/email", "[".repeat(4 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      message: "Request body too large",
      code: "PAYLOAD_TOO_LARGE",
      issues: [{ message: "the body is over 4 KB, the most /api/auth/* take" }],
    });
    expect(refused.map((cap) => cap.signIn)).toEqual([true]);
    expect(handled).toEqual([]);
  });

  it("cuts a chunked body as it passes the cap", async () => {
    handled.length = 0;
    refused.length = 0;
    const over = await post("/api/views", "x".repeat(9 * 1024), { chunked: true });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text).issues[0].message).toBe(
      "the body is over 8 KB, the most /api/views take",
    );
    expect(refused.map((cap) => cap.signIn)).toEqual([false]);
    expect(handled).toEqual([]);
  });

  it("hands every body within its cap to the handler whole, chunked or not", async () => {
    handled.length = 0;
    const json = JSON.stringify({ name: "Overdue", list: "invoices", query: "x".repeat(4000) });
    expect(await post("/api/views", json)).toEqual({ status: 200, text: `read ${json.length}` });
    expect(await post("/api/views?x=1", json, { chunked: true })).toEqual({
      status: 200,
      text: `read ${json.length}`,
    });
    const action = { "next-action": "40ab", "content-type": "text/plain;charset=UTF-8" };
    expect(await post("/key", '[{"result":null}]', { headers: action, chunked: true })).toEqual({
      status: 200,
      text: "read 17",
    });
    expect(handled).toEqual([
      `POST /api/views ${json}`,
      `POST /api/views?x=1 ${json}`,
      'POST /key [{"result":null}]',
    ]);
  });

  it("answers a server action React could not decode 400, naming why", async () => {
    handled.length = 0;
    const action = { "next-action": "40ab", "content-type": "text/plain;charset=UTF-8" };
    const bad = await post("/sign-in", "{bad json", { headers: action });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toEqual({
      message: "Input validation failed",
      code: "BAD_REQUEST",
      issues: [{ message: "server action: the body is not JSON" }],
    });
    const deep = await post("/key", `${"[".repeat(20_000)}${"]".repeat(20_000)}`, {
      headers: action,
    });
    expect(deep.status).toBe(400);
    expect(handled).toEqual([]);
  });
});

it("lets a client go that leaves in the middle of its body: nothing handled, nothing thrown", async () => {
  handled.length = 0;
  const failures: unknown[] = [];
  const onFailure = (error: unknown) => failures.push(error);
  process.on("unhandledRejection", onFailure);
  try {
    await new Promise<void>((resolve) => {
      const req = http.request(`${base}/api/views`, { method: "POST", agent });
      req.on("error", () => resolve());
      req.write("x".repeat(2048));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    // The server saw the socket close; give it a moment to settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off("unhandledRejection", onFailure);
  }
  expect(failures).toEqual([]);
  expect(handled).toEqual([]);
  // And the server answers the next request as ever.
  expect((await post("/api/views", "{}")).status).toBe(200);
});
