/**
 * Sign-outs kept until the storage answers: each ended once it does, one that fails
 * kept for the next time, the same session kept once, the oldest dropped past the
 * bound, and a second call while one runs joining it (no session signed out twice
 * at once).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  endPendingSignOuts,
  MAX_PENDING_SIGN_OUTS,
  pendingSignOuts,
  queueSignOut,
} from "./pending-sign-outs";

const cookieOf = (headers: Headers) => headers.get("cookie")!;

beforeEach(async () => {
  // Empty the process's queue between tests.
  await endPendingSignOuts(async () => {});
});

describe("pending sign-outs", () => {
  it("ends each once the storage answers; one that fails stays for the next time", async () => {
    queueSignOut("s=a");
    queueSignOut("s=b");
    queueSignOut("s=a");
    expect(pendingSignOuts()).toBe(2);
    const signOut = vi.fn(async (headers: Headers) => {
      if (cookieOf(headers) === "s=b") throw new Error("Query read timeout");
    });
    expect(await endPendingSignOuts(signOut)).toBe(1);
    // Queued again, "s=a" is the newest.
    expect(signOut.mock.calls.map(([headers]) => cookieOf(headers))).toEqual(["s=b", "s=a"]);
    expect(pendingSignOuts()).toBe(1);
    expect(await endPendingSignOuts(async () => {})).toBe(1);
    expect(pendingSignOuts()).toBe(0);
  });

  it("keeps the newest MAX_PENDING_SIGN_OUTS", async () => {
    for (let i = 0; i <= MAX_PENDING_SIGN_OUTS; i++) queueSignOut(`s=${i}`);
    expect(pendingSignOuts()).toBe(MAX_PENDING_SIGN_OUTS);
    const ended: string[] = [];
    await endPendingSignOuts(async (headers) => {
      ended.push(cookieOf(headers));
    });
    expect(ended[0]).toBe("s=1");
    expect(ended.at(-1)).toBe(`s=${MAX_PENDING_SIGN_OUTS}`);
  });

  it("a call while one runs joins it", async () => {
    queueSignOut("s=a");
    let release = () => {};
    const signOut = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = endPendingSignOuts(signOut);
    const second = endPendingSignOuts(signOut);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
