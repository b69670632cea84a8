/**
 * The check's prober over a target whose answers come late a given number of times:
 * one late answer is asked again, as the pages ask again (lib/upstream/retry.ts), and
 * only two in a row are reported, with the time the check waited.
 */
import { describe, expect, it } from "vitest";
import { type ApiTarget, Prober } from "./target";

/** A target that never answers its first `late` requests (they end at their timeout). */
function lateTarget(late: number): ApiTarget & { sent: number } {
  const target = {
    label: "a late API",
    timeoutMs: 50,
    secret: null,
    sent: 0,
    send(_path: string, _auth: unknown, signal: AbortSignal): Promise<Response> {
      target.sent += 1;
      if (target.sent > late) return Promise.resolve(Response.json({ status: "ok" }));
      return new Promise((_, reject) =>
        signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
      );
    },
  };
  return target;
}

describe("Prober", () => {
  it("asks once more after a late answer, and reads the second", async () => {
    const target = lateTarget(1);
    const prober = new Prober(target);
    const answer = await prober.get("/health");
    expect(answer).toMatchObject({ status: 200, body: { status: "ok" }, problem: null });
    expect(target.sent).toBe(2);
    expect(prober.requests).toBe(2);
  });

  it("reports two late answers in a row, and asks no third time", async () => {
    const target = lateTarget(2);
    const answer = await new Prober(target).get("/health");
    expect(answer.status).toBeNull();
    expect(answer.problem).toBe("no answer within 0.05 s, twice");
    expect(target.sent).toBe(2);
  });

  it("asks an answering API once", async () => {
    const target = lateTarget(0);
    await new Prober(target).get("/health");
    expect(target.sent).toBe(1);
  });
});
