/**
 * The most a request's body may hold, by route: server.ts refuses a larger one with
 * 413 before Next.js reads it. Unchecked, Next.js buffers up to 10 MB of any request
 * body for proxy.ts, and decodes a server action's up to 1 MB.
 */
const KB = 1024;

export interface BodyCap {
  /** the routes it covers, as the 413 names them */
  routes: string;
  bytes: number;
  /** read without a session (sign-in): a refusal counts toward the sign-in throttle */
  signIn: boolean;
}

interface CapRow extends BodyCap {
  covers: (pathname: string) => boolean;
}

const under = (prefix: string) => (pathname: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** First match wins; the last row covers every other route. */
export const BODY_CAPS: readonly CapRow[] = [
  // An e-mail address and a password as JSON.
  { routes: "/api/auth/*", bytes: 4 * KB, signIn: true, covers: under("/api/auth") },
  // The sign-in page's forms: its server actions, and the same form posted without script.
  { routes: "/sign-in", bytes: 4 * KB, signIn: true, covers: (path) => path === "/sign-in" },
  // A view's name and its query (at most 4,000 characters) as JSON.
  { routes: "/api/views", bytes: 8 * KB, signIn: false, covers: under("/api/views") },
  // Pages take POST for server actions only; the largest, the key page's check, sends
  // its last result back (about 16 KB for the 69 probes of a working API).
  {
    routes: "server actions",
    bytes: 64 * KB,
    signIn: false,
    covers: (path) => !under("/api")(path),
  },
  // The other API routes read no body.
  { routes: "/api/*", bytes: 1 * KB, signIn: false, covers: () => true },
];

/**
 * The request target's path as Next.js routes it: percent-escapes decoded, so
 * `/api/%61uth/…` meets the row of `/api/auth`. A malformed escape is left as it is
 * (proxy.ts answers it 400) and meets the last rows.
 */
export function routedPath(target: string): string {
  const pathname = new URL(target, "http://localhost").pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function bodyCapFor(pathname: string): BodyCap {
  // The last row covers every path, so a row is always found.
  const { covers: _, ...cap } = BODY_CAPS.find((row) => row.covers(pathname))!;
  return cap;
}

/** "4 KB", "64 KB" */
export function formatBytes(bytes: number): string {
  return bytes % KB === 0 ? `${bytes / KB} KB` : `${bytes} bytes`;
}
