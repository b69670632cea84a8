/**
 * The dashboard's HTTP server: Next.js's request handler behind Node.js's own HTTP
 * server (Next.js's documented custom server), one process per instance, the same
 * under `npm run dev` (`--dev`) and `npm start`. `npm run build` compiles it into the
 * build (package.json, build:server), so an instance runs plain JavaScript:
 *
 *   node .next/server.mjs [--dev] [-p PORT] [-H HOST] [--keepAliveTimeout MS]
 *
 * Before Next.js sees a request: the client's address is stamped on it
 * (lib/rate-limits/client-address.ts), a target that names no path here is refused
 * (lib/request-guards/request-target.ts), the body is held to its route's cap and a
 * server action's body checked (lib/request-guards/request-body.ts), and the common
 * security headers are set for every answer (lib/security-headers.ts). HTTP that
 * Node.js cannot parse is answered in the API's error shape
 * (lib/request-guards/malformed-request.ts).
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import { countRefusal } from "./lib/auth/throttle-refusals";
import { clientAddressOf, stampPeerAddress } from "./lib/rate-limits/client-address";
import { refuseMalformedRequest } from "./lib/request-guards/malformed-request";
import { checkRequestBody } from "./lib/request-guards/request-body";
import { refuseBadRequestTarget } from "./lib/request-guards/request-target";
import { defaultAnswerHeaders } from "./lib/security-headers";

const USAGE =
  "usage: npm start -- [-p PORT] [-H HOST] [--keepAliveTimeout MS] (npm run dev: --dev)";

interface ServerOptions {
  dev: boolean;
  port: number;
  /** undefined: every interface */
  hostname: string | undefined;
  keepAliveTimeoutMs: number | undefined;
}

/** The options `next start` and `next dev` take that this project uses; PORT as they read it. */
function serverOptions(args: string[], env = process.env): ServerOptions {
  const { values } = parseArgs({
    args,
    options: {
      dev: { type: "boolean", default: false },
      port: { type: "string", short: "p" },
      hostname: { type: "string", short: "H" },
      keepAliveTimeout: { type: "string" },
    },
  });
  const whole = (name: string, value: string | undefined, min: number, max: number) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
    return number;
  };
  return {
    dev: values.dev ?? false,
    port: whole("the port", values.port ?? env.PORT, 1, 65_535) ?? 3000,
    hostname: values.hostname,
    keepAliveTimeoutMs: whole("--keepAliveTimeout", values.keepAliveTimeout, 1, 2 ** 31 - 1),
  };
}

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** One request: the checks above, then Next.js. */
async function answer(req: IncomingMessage, res: ServerResponse, next: Handler): Promise<void> {
  stampPeerAddress(req);
  if (refuseBadRequestTarget(req, res)) return;
  const forNext = await checkRequestBody(req, res, async (cap) => {
    if (cap.signIn) await countTowardSignInThrottle(clientAddressOf(req));
  });
  if (!forNext) return;
  for (const [name, value] of Object.entries(defaultAnswerHeaders(req.method)))
    res.setHeader(name, value);
  await next(forNext, res);
}

/** A sign-in body refused unread spends one of its client's tries (lib/auth/throttle-refusals.ts). */
async function countTowardSignInThrottle(client: string): Promise<void> {
  try {
    await countRefusal(client);
  } catch (error) {
    console.error("[sign-in] a refused body could not be counted:", error);
  }
}

/** How this process reaches itself on the address it listens on, as `next start` says it. */
function localHost(hostname: string | undefined): string {
  if (!hostname || hostname === "0.0.0.0") return "localhost";
  if (hostname === "::") return "[::1]";
  return hostname.includes(":") ? `[${hostname}]` : hostname;
}

async function main(options: ServerOptions): Promise<void> {
  // As `next dev` and `next start` set it, before Next.js and React load.
  Object.assign(process.env, {
    NODE_ENV: process.env.NODE_ENV || (options.dev ? "development" : "production"),
  });
  const { default: next } = await import("next");
  const server = http.createServer();
  if (options.keepAliveTimeoutMs) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  const host = localHost(options.hostname);
  // As `next start` sets it: a server action's redirect renders its target from this
  // address, not from the Host or scheme a proxy passed on.
  process.env.__NEXT_PRIVATE_ORIGIN ??= `http://${host}:${options.port}`;
  const app = next({ dev: options.dev, hostname: host, port: options.port, httpServer: server });
  // Next.js's handlers; it holds requests until instrumentation.ts's start-up is done.
  await app.prepare();
  const handle = app.getRequestHandler();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    answer(req, res, handle).catch((error) => {
      console.error(`Failed to handle request for ${req.url}:`, error);
      if (res.headersSent) return void res.destroy();
      res
        .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
        .end("Internal Server Error");
    });
  });
  server.on("clientError", refuseMalformedRequest);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, resolve);
  });
  console.log(`✓ Ready on http://${host}:${options.port}${options.dev ? " (development)" : ""}`);

  let stopping = false;
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      // Requests in hand finish; idle connections close at once.
      server.close(() => void app.close().finally(() => process.exit(code)));
    });
}

let options: ServerOptions;
try {
  options = serverOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
main(options).catch((error) => {
  console.error(error);
  process.exit(1);
});
