import "server-only";
import { lenientSchemas, strictSchemas } from "@/lib/api/schemas";
import { answered, type CheckContext } from "./context";

/** GET /health without a key: no page reads it, so a difference is harmless. */
export async function probeHealth(check: CheckContext) {
  const answer = await check.limit(() => check.prober.get("/health", "none"));
  const body = answer.body as { status?: unknown } | undefined;
  const ok =
    answer.status === 200 &&
    lenientSchemas.Health.safeParse(answer.body).success &&
    body?.status === "ok";
  check.add({
    group: "health",
    route: "GET /health",
    probe: "no key",
    outcome: ok ? "works" : "harmless",
    finding: ok
      ? 'HTTP 200 {"status":"ok"}'
      : `${answered(answer)}, not 200 {"status":"ok"}; no page reads it (the dashboard's own /api/health does not ask the API)`,
  });
}

/** The key's claims; null when they cannot be read (every list is then probed); "stop" when nothing can be read. */
export async function probeKey(check: CheckContext): Promise<Set<string> | null | "stop"> {
  const answer = await check.limit(() => check.prober.get("/me"));
  const meReach = check.reach({ route: "/me" });
  if (answer.status === null || answer.status === 401) {
    check.add({
      group: "key",
      route: "GET /me",
      probe: "",
      outcome: "breaks",
      finding:
        answer.status === 401
          ? `${answered(answer)}: the API refuses the key, so every page fails; nothing else was probed`
          : `${answered(answer)}: the API cannot be reached, so every page fails; nothing else was probed`,
      affects: [{ page: "*", label: "Every page", features: ["every read"] }],
    });
    return "stop";
  }
  if (answer.status !== 200) {
    check.add({
      group: "key",
      route: "GET /me",
      probe: "",
      outcome: "breaks",
      finding: `${answered(answer)}: the key's claims cannot be read`,
      affects: meReach,
    });
    return null;
  }
  check.noteShapes("/me", answer.body, lenientSchemas.Me, strictSchemas.Me, "Me");
  const me = lenientSchemas.Me.safeParse(answer.body);
  if (!me.success) return null;
  check.add({
    group: "key",
    route: "GET /me",
    probe: "",
    outcome: "works",
    finding: `HTTP 200: key ${me.data.apiKeyId} of ${me.data.entityName}, claims ${me.data.authorizationClaims.join(", ") || "none"}`,
  });
  return new Set(me.data.authorizationClaims);
}
