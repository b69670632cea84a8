import http from "node:http";
import type { Duplex } from "node:stream";

/**
 * A request Node.js cannot parse never reaches Next.js: Node answers it on the
 * socket, by default with a bare 431 (address and headers over 16 KB) or 400. These
 * answer in the API's error shape instead (docs/api.md, Errors), with the issue
 * named. Next.js adds no `clientError` listener of its own, and Node uses its
 * default only when `emit("clientError")` finds no listener, so this answers exactly
 * the requests Node would have answered bare.
 *
 * Installed on every HTTP server of the process by instrumentation.ts (the server
 * `next start` made already exists by then; idempotent).
 */
const INSTALLED = Symbol.for("invoicing-dashboard.malformed-requests");

export function answerMalformedRequests(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, unknown> & {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
    listenerCount: (event: string) => number;
  };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function emitWithRefusal(this: typeof proto, event, ...args) {
    if (event === "clientError" && this.listenerCount("clientError") === 0) {
      refuseMalformedRequest(args[0] as NodeJS.ErrnoException, args[1] as Duplex);
      return true;
    }
    return emit.call(this, event, ...args);
  };
}

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
