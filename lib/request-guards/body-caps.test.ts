/** Which routes' bodies are held to which cap, and how a target's path is met. */
import { describe, expect, it } from "vitest";
import { bodyCapFor, routedPath } from "./body-caps";

describe("the body caps", () => {
  it.each([
    ["/api/auth/sign-in/email", 4096, true],
    ["/api/auth", 4096, true],
    ["/sign-in", 4096, true],
    ["/api/views", 8192, false],
    ["/api/views/3f2a", 8192, false],
    ["/key", 65_536, false],
    ["/", 65_536, false],
    ["/api/health", 1024, false],
    ["/api/authx", 1024, false],
    ["/sign-in-help", 65_536, false],
  ])("%s: %i bytes, sign-in %s", (path, bytes, signIn) => {
    expect(bodyCapFor(path)).toMatchObject({ bytes, signIn });
  });

  it("meets a path as Next.js routes it: escapes decoded, query aside", () => {
    expect(routedPath("/api/%61uth/sign-in/email?x=1")).toBe("/api/auth/sign-in/email");
    expect(routedPath("/sign%2Din")).toBe("/sign-in");
    expect(routedPath("/invoices/%zz")).toBe("/invoices/%zz");
  });
});
