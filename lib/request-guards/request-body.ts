import { IncomingMessage, type ServerResponse } from "node:http";
import { API_POLICY, commonSecurityHeaders } from "@/lib/security-headers";
import { isServerActionPost, malformedActionBody } from "./action-body";
import { type BodyCap, bodyCapFor, formatBytes, routedPath } from "./body-caps";

/**
 * server.ts's check of a request's body, before Next.js reads it: over its route's cap
 * (body-caps.ts) a 413, at once by Content-Length, or as soon as a chunked body's bytes
 * pass the cap; a server action whose body React could not decode, a 400. Returns the
 * request Next.js should handle (one carrying the body read here, when it was read),
 * or null when it was answered; `onTooLarge` hears of each 413 before it is sent.
 */
export async function checkRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  onTooLarge: (cap: BodyCap) => Promise<void>,
): Promise<IncomingMessage | null> {
  const declared = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (declared === undefined && !chunked) return req;
  const pathname = routedPath(req.url ?? "/");
  const cap = bodyCapFor(pathname);
  // Counted before it is answered: the client's next request meets the count.
  const tooLarge = async () => {
    await onTooLarge(cap);
    answerTooLarge(res, cap);
    return null;
  };
  if (Number(declared) > cap.bytes) return tooLarge();
  const action = isServerActionPost(req.method, pathname, req.headers);
  // Node.js ends a body at its Content-Length, which is within the cap.
  if (!chunked && !action) return req;
  let body: Buffer | null;
  try {
    body = await readUpTo(req, cap.bytes);
  } catch {
    // The client went away before its body ended: no one to answer, nothing to log.
    res.destroy();
    return null;
  }
  if (body === null) return tooLarge();
  if (action) {
    const issue = await malformedActionBody(req.headers["content-type"], body);
    if (issue) {
      answerJson(res, 400, {
        message: "Input validation failed",
        code: "BAD_REQUEST",
        issues: [{ message: `server action: ${issue}` }],
      });
      return null;
    }
  }
  return withBody(req, body);
}

/** The body, or null once it passes `cap` bytes (what follows is discarded as it comes). */
function readUpTo(req: IncomingMessage, cap: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= cap) return void chunks.push(chunk);
      // Still flowing, with no listener: the rest is read off the socket and dropped.
      req.off("data", onData);
      chunks.length = 0;
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks, size)));
    req.once("error", reject);
    // Closed before its end (after it, the promise is settled already).
    req.once("close", () => reject(new Error("the request closed before its body ended")));
  });
}

/**
 * A request like `req` whose body is `body`, read here already: Next.js reads it as it
 * would have read the socket's.
 */
function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const replay = new IncomingMessage(req.socket);
  const { "transfer-encoding": _, ...headers } = req.headers;
  replay.headers = { ...headers, "content-length": String(body.length) };
  replay.rawHeaders = Object.entries(replay.headers).flatMap(([name, value]) =>
    [value ?? []].flat().flatMap((one) => [name, one]),
  );
  replay.method = req.method;
  replay.url = req.url;
  replay.httpVersion = req.httpVersion;
  replay.httpVersionMajor = req.httpVersionMajor;
  replay.httpVersionMinor = req.httpVersionMinor;
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}

/**
 * Answered at once; the rest of the body is then read off and dropped (as Node.js does
 * with a body no one reads), never kept. Closing the connection instead would reset a
 * client still sending, which then never reads the answer.
 */
function answerTooLarge(res: ServerResponse, cap: BodyCap): void {
  answerJson(res, 413, {
    message: "Request body too large",
    code: "PAYLOAD_TOO_LARGE",
    issues: [
      { message: `the body is over ${formatBytes(cap.bytes)}, the most ${cap.routes} take` },
    ],
  });
}

function answerJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, {
    ...commonSecurityHeaders(API_POLICY),
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}
