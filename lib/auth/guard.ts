import "server-only";

/**
 * Who is looking. "open" when the dashboard runs without sign-in (the built-in demo API),
 * otherwise the signed-in user. The auth work replaces these bodies; the signatures are
 * what pages and route handlers call.
 */
export type Viewer =
  | { kind: "open" }
  | { kind: "user"; userId: string; email: string; name: string; sessionId: string };

/** For server components (pages, layouts): the viewer, or a redirect to the sign-in page. */
export async function requireViewer(): Promise<Viewer> {
  return { kind: "open" };
}

/** For route handlers: the viewer, or a 401 JSON response to return as is. */
export async function viewerForRequest(_request: Request): Promise<Viewer | Response> {
  return { kind: "open" };
}
