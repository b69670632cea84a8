/** Sign-in configuration: when it is required, what makes it valid, the allow list and `next`. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUTH_DB,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_TTL_SEC,
  isEmailAllowed,
  parseAllowList,
  readAuthSetup,
  safeNext,
} from "./config";

const SECRET = "s".repeat(40);
const LOCAL = { AUTH_REQUIRED: "1", AUTH_SECRET: SECRET, AUTH_URL: "https://dash.example.com" };
const OIDC = {
  ...LOCAL,
  AUTH_OIDC_ISSUER: "https://id.example.com/",
  AUTH_OIDC_CLIENT_ID: "dashboard",
  AUTH_OIDC_CLIENT_SECRET: "client-secret",
  AUTH_ALLOWED_EMAILS: "@example.com, boss@elsewhere.org",
};

function problems(env: Record<string, string>): string[] {
  const setup = readAuthSetup(env);
  if (setup.mode !== "invalid") throw new Error(`expected invalid, got ${setup.mode}`);
  return setup.problems;
}

describe("when sign-in is required", () => {
  it("runs open on the built-in API, whatever else is set", () => {
    expect(readAuthSetup({})).toEqual({ mode: "open" });
    expect(readAuthSetup({ AUTH_SECRET: SECRET, INVOICING_API_URL: "" })).toEqual({
      mode: "open",
    });
    expect(readAuthSetup({ AUTH_REQUIRED: "0" })).toEqual({ mode: "open" });
  });

  it("requires sign-in for a real API and for AUTH_REQUIRED=1", () => {
    expect(readAuthSetup({ INVOICING_API_URL: "https://api.example.com/v1" }).mode).toBe("invalid");
    expect(readAuthSetup({ AUTH_REQUIRED: "1" }).mode).toBe("invalid");
  });

  it("names the missing secret and the reason sign-in is on", () => {
    const list = problems({ INVOICING_API_URL: "https://api.example.com/v1" });
    expect(list.join("\n")).toMatch(/AUTH_SECRET is not set \(INVOICING_API_URL names a real API/);
    expect(list.join("\n")).toMatch(/AUTH_URL is not set/);
  });
});

describe("a valid configuration", () => {
  it("local accounts only, with defaults", () => {
    const setup = readAuthSetup(LOCAL);
    expect(setup).toEqual({
      mode: "required",
      config: {
        secret: SECRET,
        baseURL: "https://dash.example.com",
        oidc: null,
        localAccounts: true,
        allowed: { emails: new Set(), domains: new Set() },
        sessionTtlSec: DEFAULT_SESSION_TTL_SEC,
        maxSessions: DEFAULT_MAX_SESSIONS,
        storage: { kind: "sqlite", path: DEFAULT_AUTH_DB },
      },
    });
  });

  it("OIDC with an allow list, a label, a TTL and a server database", () => {
    const setup = readAuthSetup({
      ...OIDC,
      AUTH_OIDC_NAME: "Acme SSO",
      AUTH_LOCAL_ACCOUNTS: "0",
      AUTH_SESSION_TTL: "3600",
      AUTH_DATABASE_URL: "postgres://u:p@db/auth",
    });
    if (setup.mode !== "required") throw new Error(JSON.stringify(setup));
    expect(setup.config.oidc).toEqual({
      issuer: "https://id.example.com",
      clientId: "dashboard",
      clientSecret: "client-secret",
      name: "Acme SSO",
    });
    expect(setup.config.localAccounts).toBe(false);
    expect(setup.config.sessionTtlSec).toBe(3600);
    expect(setup.config.storage).toEqual({ kind: "postgres", url: "postgres://u:p@db/auth" });
    expect([...setup.config.allowed.domains]).toEqual(["example.com"]);
    expect([...setup.config.allowed.emails]).toEqual(["boss@elsewhere.org"]);
  });

  it("AUTH_DATABASE_TIMEOUT_MS: a positive whole number of ms for PostgreSQL, else the default", () => {
    const storage = (timeout?: string) => {
      const setup = readAuthSetup({
        ...LOCAL,
        AUTH_DATABASE_URL: "postgres://db/auth",
        ...(timeout === undefined ? {} : { AUTH_DATABASE_TIMEOUT_MS: timeout }),
      });
      if (setup.mode !== "required") throw new Error(JSON.stringify(setup));
      return setup.config.storage;
    };
    expect(storage("2500")).toEqual({
      kind: "postgres",
      url: "postgres://db/auth",
      timeoutMs: 2500,
    });
    for (const wrong of [undefined, "", "0", "-1", "2.5", "soon"])
      expect(storage(wrong), String(wrong)).toEqual({
        kind: "postgres",
        url: "postgres://db/auth",
      });
  });

  it("accepts plain http on loopback only (the cookies are Secure)", () => {
    expect(readAuthSetup({ ...LOCAL, AUTH_URL: "http://127.0.0.1:3000/" }).mode).toBe("required");
    expect(readAuthSetup({ ...LOCAL, AUTH_URL: "http://localhost:3000" }).mode).toBe("required");
    expect(problems({ ...LOCAL, AUTH_URL: "http://dash.example.com" })[0]).toMatch(
      /AUTH_URL must be https/,
    );
  });
});

describe("an invalid configuration says what is wrong", () => {
  it.each([
    [{ ...LOCAL, AUTH_SECRET: "short" }, /AUTH_SECRET is too short/],
    [{ ...LOCAL, AUTH_URL: "dash.example.com" }, /AUTH_URL is not an absolute URL/],
    [{ ...LOCAL, AUTH_LOCAL_ACCOUNTS: "0" }, /no sign-in method/],
    [{ ...LOCAL, AUTH_LOCAL_ACCOUNTS: "maybe" }, /AUTH_LOCAL_ACCOUNTS must be 1 or 0/],
    [{ ...LOCAL, AUTH_SESSION_TTL: "10" }, /AUTH_SESSION_TTL must be whole seconds/],
    [{ ...LOCAL, AUTH_SESSION_TTL: "1h" }, /AUTH_SESSION_TTL must be whole seconds/],
    [
      { ...LOCAL, AUTH_OIDC_ISSUER: "https://id.example.com" },
      /half configured: AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET/,
    ],
    [
      { ...OIDC, AUTH_OIDC_ISSUER: "http://id.example.com" },
      /AUTH_OIDC_ISSUER must be an https URL/,
    ],
    [{ ...OIDC, AUTH_ALLOWED_EMAILS: "" }, /AUTH_ALLOWED_EMAILS is empty/],
    [
      { ...OIDC, AUTH_ALLOWED_EMAILS: "@example.com, nobody" },
      /"nobody" is neither an address nor an @domain/,
    ],
  ])("%#", (env, pattern) => {
    expect(problems(env).join("\n")).toMatch(pattern);
  });

  it("never prints a secret in its problems", () => {
    const text = problems({
      ...OIDC,
      AUTH_SECRET: "tiny-secret-value",
      AUTH_ALLOWED_EMAILS: "",
    }).join("\n");
    expect(text).not.toContain("tiny-secret-value");
    expect(text).not.toContain("client-secret");
  });
});

describe("the allow list", () => {
  const list = parseAllowList("@Example.com, boss@elsewhere.org");
  it.each([
    ["ana@example.com", true],
    ["ANA@EXAMPLE.COM", true],
    ["boss@elsewhere.org", true],
    ["other@elsewhere.org", false],
    ["ana@sub.example.com", false],
    ["ana@example.com.evil.org", false],
    ["ana@notexample.com", false],
    ["example.com", false],
    ["", false],
    [null, false],
  ])("%s → %s", (email, allowed) => {
    expect(isEmailAllowed(list, email)).toBe(allowed);
  });

  it("an empty list allows no one", () => {
    expect(isEmailAllowed(parseAllowList(""), "ana@example.com")).toBe(false);
  });
});

describe("safeNext keeps same-origin paths only", () => {
  it.each([
    [undefined, "/"],
    ["", "/"],
    ["/invoices?statuses=ISSUED#top", "/invoices?statuses=ISSUED#top"],
    ["/customers/abc", "/customers/abc"],
    ["/customers?name=Stra%C3%9Fe", "/customers?name=Stra%C3%9Fe"],
    ["/invoices?next=//evil.example", "/invoices?next=//evil.example"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["invoices", "/"],
    ["/\tevil", "/"],
    ["/sign-in?next=/x", "/"],
    ["/api/data/invoices", "/"],
    ["/a/../../b", "/b"],
    [`/${"x".repeat(3000)}`, "/"],
  ])("%s → %s", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });

  // Open-redirect attempts: each normalised to `//evil.example…`, which a
  // browser reads as another host. Encoded forms that turn into one when decoded
  // once or twice more fall back too.
  it.each([
    "/.//evil.example",
    "/./\\evil.example",
    "/..//evil.example/path",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/.%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%09/evil.example",
    "/%0d%0aLocation:%20//evil.example",
    "/\u0000//evil.example",
    "http://evil.example/x",
    "https:evil.example",
    "HTTPS://evil.example",
    "//evil.example/%2e%2e",
    " /invoices",
    "\\\\evil.example",
  ])("%s falls back to the home page", (next) => {
    expect(safeNext(next)).toBe("/");
  });
});

/** What a browser does with a redirect's Location or a link's href on this site. */
const SITE = "https://dashboard.example";
const followed = (location: string) => new URL(location, `${SITE}/sign-in?next=x`);

/** Strings made of the pieces open redirects are built from, and some ordinary ones. */
const nextCandidate = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "/",
        "//",
        "\\",
        ".",
        "..",
        "./",
        "../",
        "%2e",
        "%2E",
        "%2f",
        "%2F",
        "%5c",
        "%25",
        "%252f",
        "%00",
        "%09",
        "%0a",
        "\t",
        "\n",
        " ",
        ":",
        "@",
        "?",
        "#",
        "&",
        "=",
        "http:",
        "https:",
        "javascript:",
        "evil.example",
        "invoices",
        "sign-in",
        "api",
        "\u3002",
        "\uff0f",
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));

describe("safeNext, for any input", () => {
  it("answers a path that stays on this site, as a browser follows it, or the home page", () => {
    fc.assert(
      fc.property(fc.oneof(nextCandidate, fc.string(), fc.webUrl()), (next) => {
        const safe = safeNext(next);
        if (safe === "/") return;
        expect(safe.startsWith("/")).toBe(true);
        expect(safe[1]).not.toBe("/");
        expect(safe[1]).not.toBe("\\");
        expect(followed(safe).origin).toBe(SITE);
        // Decoded again (by a proxy, a framework, a person copying it), it stays on the site.
        const path = safe.split(/[?#]/)[0]!;
        expect(followed(decodeURIComponent(path)).origin).toBe(SITE);
        expect(decodeURIComponent(path).startsWith("//")).toBe(false);
      }),
      { numRuns: 5000 },
    );
  });

  it("is stable: what it answers passes unchanged", () => {
    fc.assert(
      fc.property(fc.oneof(nextCandidate, fc.string()), (next) => {
        const safe = safeNext(next);
        expect(safeNext(safe)).toBe(safe);
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps every ordinary path of the dashboard, with its query", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.dictionary(segment, fc.string({ maxLength: 8 }), { maxKeys: 3 }),
        (segments, query) => {
          fc.pre(segments[0] !== "api" && segments.join("/") !== "sign-in");
          const search = new URLSearchParams(query).toString();
          const path = `/${segments.join("/")}${search ? `?${search}` : ""}`;
          expect(safeNext(path)).toBe(path);
        },
      ),
    );
  });
});
