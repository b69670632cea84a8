/**
 * The sign-in storage's health on a fake clock: a failure said once, a timeout making
 * the storage silent, pings once a second (one at a time) until one is answered; the
 * other instances told when a check here makes it silent, and silent here at once
 * when one of them tells.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStorageHealth, PING_EVERY_MS } from "./storage-health";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A ping the test answers or refuses by hand. */
function pingByHand() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const ping = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { ping, calls };
}

describe("the sign-in storage's health", () => {
  it("says a failure once, not per request, and says when it answers again", () => {
    const said = vi.fn();
    const health = createStorageHealth(async () => {}, { say: said });
    health.failed("connect ECONNREFUSED 127.0.0.1:5432");
    health.failed("connect ECONNREFUSED 127.0.0.1:5432");
    expect(said).toHaveBeenCalledTimes(1);
    expect(said.mock.calls[0]![0]).toMatch(/could not be read \(connect ECONNREFUSED/);
    // A refusal comes at once: no reason to stop asking.
    expect(health.silent).toBe(false);
    health.answered();
    health.answered();
    expect(said).toHaveBeenLastCalledWith("[auth] the sign-in storage answers again");
    expect(said).toHaveBeenCalledTimes(2);
  });

  it("a timeout makes it silent; pings once a second, one at a time, until one is answered", async () => {
    const { ping, calls } = pingByHand();
    const said = vi.fn();
    const health = createStorageHealth(ping, { say: said });
    health.failed("Query read timeout");
    expect(health.silent).toBe(true);
    expect(ping).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(1);
    // Unanswered for three more seconds: no second ping meanwhile.
    await vi.advanceTimersByTimeAsync(3 * PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(1);
    calls[0]!.reject(new Error("Query read timeout"));
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(health.silent).toBe(true);

    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.silent).toBe(false);
    expect(said).toHaveBeenLastCalledWith("[auth] the sign-in storage answers again");
    // Answered: no more pings.
    await vi.advanceTimersByTimeAsync(5 * PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it("a check answered while silent ends it too", async () => {
    const { ping } = pingByHand();
    const health = createStorageHealth(ping, { say: () => {} });
    health.failed("timeout exceeded when trying to connect");
    expect(health.silent).toBe(true);
    health.answered();
    expect(health.silent).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * PING_EVERY_MS);
    expect(ping).not.toHaveBeenCalled();
  });

  it("when a failing storage answers again, what waited on it is ended (onBack); not on every answer", async () => {
    const { ping, calls } = pingByHand();
    const onBack = vi.fn();
    const health = createStorageHealth(ping, { say: () => {}, onBack });
    health.answered();
    expect(onBack).not.toHaveBeenCalled();
    // A refusal, then an answer.
    health.failed("connect ECONNREFUSED 127.0.0.1:5432");
    health.answered();
    health.answered();
    expect(onBack).toHaveBeenCalledTimes(1);
    // Silent, then its ping answered.
    health.failed("Query read timeout");
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  it("a failure that took the storage's timeout made it silent, whatever its words; a quick one did not", () => {
    const health = createStorageHealth(async () => {}, { say: () => {}, timeoutMs: 5_000 });
    health.failed("Connection terminated unexpectedly", 120);
    expect(health.silent).toBe(false);
    health.failed("Connection terminated unexpectedly", 4_990);
    expect(health.silent).toBe(true);
  });
});

describe("the sign-in storage's health, told between instances", () => {
  it("tells the other instances once when a check here makes it silent, not for a refusal", async () => {
    const { ping, calls } = pingByHand();
    const onSilent = vi.fn();
    const health = createStorageHealth(ping, { say: () => {}, onSilent });
    health.failed("connect ECONNREFUSED 127.0.0.1:5432");
    expect(onSilent).not.toHaveBeenCalled();
    health.failed("Query read timeout");
    health.failed("Query read timeout");
    expect(onSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // A new silence is news again.
    health.failed("Query read timeout");
    expect(onSilent).toHaveBeenCalledTimes(2);
  });

  it("told by another instance: silent at once, says so, pings at once; a false alarm ends in one answer", async () => {
    const { ping, calls } = pingByHand();
    const said = vi.fn();
    const onSilent = vi.fn();
    const health = createStorageHealth(ping, { say: said, onSilent });
    health.heard();
    expect(health.silent).toBe(true);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said.mock.calls[0]![0]).toMatch(
      /another instance found the sign-in storage not answering/,
    );
    // Heard again while silent: nothing new, and nothing told back.
    health.heard();
    expect(ping).toHaveBeenCalledTimes(1);
    expect(said).toHaveBeenCalledTimes(1);
    expect(onSilent).not.toHaveBeenCalled();

    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.silent).toBe(false);
    expect(said).toHaveBeenLastCalledWith("[auth] the sign-in storage answers again");
    await vi.advanceTimersByTimeAsync(5 * PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it("told by another instance while the storage is not answering here either: pinged once a second until it answers", async () => {
    const { ping, calls } = pingByHand();
    const health = createStorageHealth(ping, { say: () => {} });
    health.heard();
    calls[0]!.reject(new Error("Query read timeout"));
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(ping).toHaveBeenCalledTimes(2);
    expect(health.silent).toBe(true);
    calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(health.silent).toBe(false);
  });
});
