/** Sign-in configuration: when it is required, what makes it valid, the allow list and `next`. */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_AUTH_DB,
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
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["invoices", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/\tevil", "/"],
    ["/sign-in?next=/x", "/"],
    ["/api/data/invoices", "/"],
    ["/a/../../b", "/b"],
    [`/${"x".repeat(3000)}`, "/"],
  ])("%s → %s", (next, expected) => {
    expect(safeNext(next)).toBe(expected);
  });
});
