import type { Duplex } from "node:stream";

/**
 * A request Node.js cannot parse never reaches Next.js: Node answers it on the
 * socket, by default with a bare 431 (address and headers over 16 KB) or 400. This
 * `clientError` listener of server.ts answers in the API's error shape instead
 * (docs/api.md, Errors), with the issue named.
 */
export function refuseMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  // Not a malformed request: a client too slow to send one (Node's own answer).
  if (!String(error.code).startsWith("HPE_")) {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    return void socket.end(
      timedOut ? "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n" : undefined,
    );
  }
  const issue =
    error.code === "HPE_HEADER_OVERFLOW"
      ? "the request's address and headers are over 16 KB: send fewer or shorter values"
      : "the request is not well-formed HTTP";
  const body = JSON.stringify({
    message: "Input validation failed",
    code: "BAD_REQUEST",
    issues: [{ message: issue }],
  });
  socket.end(
    [
      "HTTP/1.1 400 Bad Request",
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Cache-Control: no-store",
      "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options: nosniff",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
