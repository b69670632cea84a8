import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * Who is asking, for limits kept per client. Next.js's route handlers see no socket:
 * the only address they get is X-Forwarded-For, which Next.js fills from the socket
 * only when the client sent none, so a client that writes its own picks its bucket.
 *
 * server.ts calls `stampPeerAddress` on every request before Next.js sees it: the
 * socket's address goes in PEER_HEADER, replacing whatever a client sent there. The
 * value carries a secret of this process, so a header a client wrote (say, to a
 * server started without server.ts) is never taken for one the server wrote.
 *
 * Behind a reverse proxy (TRUST_PROXY=N, N proxies of ours in front) the client is
 * the N-th X-Forwarded-For entry from the right: the address our outermost proxy
 * saw. Entries further left were written by the client and are ignored.
 */
export const PEER_HEADER = "x-invoicing-peer";

// On globalThis: server.ts and Next.js's bundles each load their own copy of this module.
const holder = globalThis as { __invoicingPeerSecret?: string };

function peerSecret(): string {
  holder.__invoicingPeerSecret ??= randomBytes(16).toString("hex");
  return holder.__invoicingPeerSecret;
}

/** Writes the request's socket address into PEER_HEADER, over any value the client sent. */
export function stampPeerAddress(req: IncomingMessage): void {
  req.headers[PEER_HEADER] = `${peerSecret()} ${req.socket.remoteAddress ?? "unknown"}`;
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

/** `clientAddress` of a request server.ts holds, once stamped. */
export function clientAddressOf(req: IncomingMessage): string {
  const headers = new Headers();
  for (const name of ["x-forwarded-for", PEER_HEADER]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return clientAddress(headers);
}
