import { afterEach, describe, expect, it, vi } from "vitest";
import { serverNowReader } from "./dashboard-clock";

const SERVER_NOW = Date.parse("2026-11-27T23:00:00.000Z");
const HOUR = 3_600_000;

describe("serverNowReader: the browser reads the server's now", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stands still on a pinned clock, whatever the browser's says", () => {
    vi.useFakeTimers({ now: SERVER_NOW + 50 * 24 * HOUR });
    const readNow = serverNowReader(SERVER_NOW, true, Date.now());
    vi.advanceTimersByTime(5 * HOUR);
    expect(readNow()).toBe(SERVER_NOW);
  });

  it("carries the server's clock by its offset from a browser's clock that is days off, and moves with time", () => {
    const browserNow = SERVER_NOW - 3 * 24 * HOUR;
    vi.useFakeTimers({ now: browserNow });
    const readNow = serverNowReader(SERVER_NOW, false, Date.now());
    expect(readNow()).toBe(SERVER_NOW);
    // Two hours on, the server's day has turned (Nov 28), whatever day the browser thinks it is.
    vi.advanceTimersByTime(2 * HOUR);
    expect(new Date(readNow()).toISOString()).toBe("2026-11-28T01:00:00.000Z");
  });

  it("is the browser's own clock when both agree", () => {
    vi.useFakeTimers({ now: SERVER_NOW });
    const readNow = serverNowReader(SERVER_NOW, false, Date.now());
    vi.advanceTimersByTime(HOUR);
    expect(readNow()).toBe(Date.now());
  });
});
