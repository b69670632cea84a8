/**
 * Requests Node.js cannot parse, on a real HTTP server with no clientError listener
 * (as `next start` makes it): answered in the API's error shape, not Node's bare 400/431.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMalformedRequests } from "./malformed-request";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  // After the server exists, as instrumentation.ts installs it; twice, as a no-op.
  answerMalformedRequests();
  answerMalformedRequests();
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

  it("leaves well-formed requests, and servers with their own listener, alone", async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
    const own = http.createServer();
    own.on("clientError", (_error, socket) => socket.end("HTTP/1.1 418 I'm a teapot\r\n\r\n"));
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownPort = (own.address() as AddressInfo).port;
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(ownPort, "127.0.0.1", () => socket.write("nonsense\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk;
      });
      socket.on("end", () => resolve(text));
    });
    own.close();
    expect(answer).toMatch(/^HTTP\/1.1 418/);
  });
});
