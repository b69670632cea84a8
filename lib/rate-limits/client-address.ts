import { randomBytes } from "node:crypto";
import http from "node:http";

/**
 * Who is asking, for limits kept per client. Next.js's route handlers see no socket:
 * the only address they get is X-Forwarded-For, which Next.js fills from the socket
 * only when the client sent none, so a client that writes its own picks its bucket.
 *
 * `recordPeerAddresses` (run once per process by instrumentation.ts) stamps every
 * request the process's HTTP server receives with its socket's address in
 * PEER_HEADER, replacing whatever a client sent there. The value carries a secret of
 * this process, so a header a client wrote (say, on a request that arrived before
 * the stamp was installed) is never taken for one the server wrote.
 *
 * Behind a reverse proxy (TRUST_PROXY=N, N proxies of ours in front) the client is
 * the N-th X-Forwarded-For entry from the right: the address our outermost proxy
 * saw. Entries further left were written by the client and are ignored.
 */
export const PEER_HEADER = "x-invoicing-peer";

const holder = globalThis as { __invoicingPeerSecret?: string };

function peerSecret(): string {
  holder.__invoicingPeerSecret ??= randomBytes(16).toString("hex");
  return holder.__invoicingPeerSecret;
}

const STAMPED = Symbol.for("invoicing-dashboard.peer-stamp");

/** Installs the stamp on every HTTP server of this process (idempotent). */
export function recordPeerAddresses(): void {
  const proto = http.Server.prototype as unknown as Record<symbol, unknown> & {
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  if (proto[STAMPED]) return;
  proto[STAMPED] = true;
  const secret = peerSecret();
  const emit = proto.emit;
  proto.emit = function stampedEmit(event, ...args) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = `${secret} ${req.socket?.remoteAddress ?? "unknown"}`;
    }
    return emit.call(this, event, ...args);
  };
}

/** TRUST_PROXY: how many proxies of ours stand in front (0: none, clients connect directly). */
export function trustedProxies(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.TRUST_PROXY ?? 0);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** The client's address as this deployment can know it; "unknown" when it cannot. */
export function clientAddress(headers: Headers, proxies = trustedProxies()): string {
  if (proxies > 0) {
    const hops = (headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    return hops.at(-proxies) ?? "unknown";
  }
  const stamp = headers.get(PEER_HEADER);
  const [secret, address] = stamp?.split(" ") ?? [];
  return secret === peerSecret() && address ? address : "unknown";
}
