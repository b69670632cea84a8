/**
 * Which server action bodies React could not decode, on bodies as browsers and
 * attackers send them.
 */
import { describe, expect, it } from "vitest";
import {
  isServerActionPost,
  MAX_ACTION_NESTING,
  malformedActionBody,
  nestingDepth,
} from "./action-body";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

/** A multipart body as a browser's FormData makes it, and its content type. */
async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    contentType: request.headers.get("content-type") ?? "",
    body: Buffer.from(await request.arrayBuffer()),
  };
}

describe("nestingDepth", () => {
  it.each([
    ["1", 0],
    ["[]", 1],
    ['{"a":[{"b":[]}]}', 4],
    ['["[[[[", "\\"[[["]', 1],
    [nested(10_000), 10_000],
  ])("%s → %i", (json, depth) => {
    expect(nestingDepth(json)).toBe(depth);
  });
});

describe("malformedActionBody", () => {
  const text = "text/plain;charset=UTF-8";

  it("passes what React's client sends: JSON text, and a form with JSON rows", async () => {
    expect(
      await malformedActionBody(text, Buffer.from('[{"result":null,"error":null}]')),
    ).toBeNull();
    const form = await multipart({
      "0": '["$K1"]',
      "1_email": "[[[[[[ not JSON, the person's own words",
      "1_password": nested(MAX_ACTION_NESTING + 10),
    });
    expect(await malformedActionBody(form.contentType, form.body)).toBeNull();
    // A form posted without script: its action's id, and the person's fields.
    const plain = await multipart({ $ACTION_ID_40ab: "", email: "a@b.c", password: "x" });
    expect(await malformedActionBody(plain.contentType, plain.body)).toBeNull();
  });

  it("names what is wrong: not JSON, nested too deep, a multipart form cut short", async () => {
    expect(await malformedActionBody(text, Buffer.from("{bad json"))).toBe("the body is not JSON");
    expect(await malformedActionBody(text, Buffer.from(nested(MAX_ACTION_NESTING + 1)))).toBe(
      `the body nests deeper than ${MAX_ACTION_NESTING} levels`,
    );
    expect(await malformedActionBody(text, Buffer.from(nested(MAX_ACTION_NESTING)))).toBeNull();
    const deep = await multipart({ "0": nested(5_000) });
    expect(await malformedActionBody(deep.contentType, deep.body)).toBe(
      `the field 0 nests deeper than ${MAX_ACTION_NESTING} levels`,
    );
    const bound = await multipart({ $ACTION_REF_1: "", "$ACTION_1:0": "{not json" });
    expect(await malformedActionBody(bound.contentType, bound.body)).toBe(
      "the field $ACTION_1:0 is not JSON",
    );
    const cut = '--xyz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]';
    expect(await malformedActionBody("multipart/form-data; boundary=xyz", Buffer.from(cut))).toBe(
      "the body is not a well-formed multipart form",
    );
  });
});

describe("isServerActionPost", () => {
  it("is a POST to a page with Next.js's action header or a multipart form", () => {
    expect(isServerActionPost("POST", "/sign-in", { "next-action": "40ab" })).toBe(true);
    expect(
      isServerActionPost("POST", "/sign-in", { "content-type": "multipart/form-data; boundary=x" }),
    ).toBe(true);
    expect(isServerActionPost("POST", "/sign-in", { "content-type": "text/plain" })).toBe(false);
    expect(isServerActionPost("GET", "/sign-in", { "next-action": "40ab" })).toBe(false);
    expect(isServerActionPost("POST", "/api/views", { "next-action": "40ab" })).toBe(false);
  });
});
