/**
 * Requests Node.js cannot parse, on a real HTTP server with the clientError listener
 * server.ts gives it: answered in the API's error shape, not Node's bare 400/431.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseMalformedRequest } from "./malformed-request";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end("ok"));
  server.on("clientError", refuseMalformedRequest);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("malformed requests", () => {
  it.each([
    [
      "headers over 16 KB",
      `GET /?q=${"x".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      /over 16 KB/,
    ],
    ["a malformed request line", "GET / HTTP/9 nonsense\r\n\r\n", /not well-formed/],
  ])("%s: a 400 naming the issue", async (_what, bytes, issue) => {
    const [head, body] = (await exchange(bytes)).split("\r\n\r\n");
    expect(head!.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(head).toMatch(/x-content-type-options: nosniff/i);
    const parsed = JSON.parse(body!);
    expect(parsed).toMatchObject({ code: "BAD_REQUEST", message: "Input validation failed" });
    expect(parsed.issues[0].message).toMatch(issue);
  });

  it("leaves well-formed requests alone", async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
  });
});
