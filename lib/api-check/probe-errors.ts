import "server-only";
import { randomUUID } from "node:crypto";
import { lenientSchemas } from "@/lib/api/schemas";
import { answered, type CheckContext } from "./context";
import type { Affected } from "./result";
import type { Auth } from "./target";

/** One error the check provokes, and what its answer must be. */
interface ErrorCase {
  route: string;
  path: string;
  probe: string;
  auth: Auth;
  status: number;
  code: string;
  /** a word an issue must hold */
  wantIssue?: string;
  /** what a person sees when the answer differs */
  means: string;
  affects: Affected[];
}

function errorCases(check: CheckContext): ErrorCase[] {
  const missing = randomUUID();
  return [
    {
      route: "/invoices",
      path: "/invoices?limit=0",
      probe: "limit=0",
      auth: "key",
      status: 400,
      code: "BAD_REQUEST",
      wantIssue: "limit",
      means: "a refused request's message names no parameter",
      affects: [{ page: "*", label: "Every page", features: ["what a refused request says"] }],
    },
    {
      route: "/invoices/{id}",
      path: `/invoices/${missing}`,
      probe: "an id no record has",
      auth: "key",
      status: 404,
      code: "NOT_FOUND",
      means: "a missing invoice shows an error instead of “not found”",
      affects: check.reach({ route: "/invoices/{id}" }),
    },
    {
      route: "/customers/{id}",
      path: `/customers/${missing}`,
      probe: "an id no record has",
      auth: "key",
      status: 404,
      code: "NOT_FOUND",
      means: "a missing customer shows an error instead of “not found”",
      affects: check.reach({ route: "/customers/{id}" }),
    },
    {
      route: "/me",
      path: "/me",
      probe: "a key no API issued",
      auth: "wrong-key",
      status: 401,
      code: "UNAUTHORIZED",
      means: "a refused key is not explained as one",
      affects: check.reach({ route: "/me" }),
    },
  ];
}

/** A bad parameter's 400, a missing record's 404, a bad key's 401: status, shape and issues (docs/api.md, Errors). */
export async function probeErrorShapes(check: CheckContext) {
  await Promise.all(errorCases(check).map((c) => check.limit(() => probeErrorShape(check, c))));
}

async function probeErrorShape(check: CheckContext, c: ErrorCase) {
  const answer = await check.prober.get(c.path, c.auth);
  const shape = lenientSchemas.ApiError.safeParse(answer.body);
  const issues = shape.success ? (shape.data.issues ?? null) : null;
  const want = c.wantIssue;
  const differs: string[] = [];
  if (answer.status !== c.status) differs.push(`answered ${answered(answer)}, not ${c.status}`);
  else if (!shape.success) differs.push("the body is not { message, code, issues }");
  else {
    if (shape.data.code !== c.code) differs.push(`code ${shape.data.code}, not ${c.code}`);
    if (issues === null) differs.push("no issues array");
    else if (want && !issues.some((i) => i.message.includes(want)))
      differs.push(`no issue names ${want}`);
  }
  const accepted = c.auth === "wrong-key" && answer.status === 200;
  check.add({
    group: "errors",
    route: `GET ${c.route}`,
    probe: c.probe,
    outcome: differs.length === 0 ? "works" : "harmless",
    finding:
      differs.length === 0
        ? `HTTP ${c.status} ${c.code}${c.wantIssue ? `, an issue names ${c.wantIssue}` : ""}`
        : `${differs.join("; ")}: ${accepted ? "the API accepted a key it never issued" : c.means}`,
    affects: differs.length === 0 ? [] : c.affects,
  });
}
