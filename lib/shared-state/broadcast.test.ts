/**
 * News between instances on a real Redis (two broadcasts on one channel, as two
 * instances have): heard by the other, not by the teller, nor on another channel;
 * heard again after Redis was down and came back; telling while it is down throws
 * nothing and waits for nothing.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { startTestRedis } from "@/lib/testing/redis-server";
import { within } from "@/lib/testing/within";
import { type Broadcast, redisBroadcast } from "./broadcast";
import { connectRedis, waitForRedis } from "./redis";

const opened: { close(): void }[] = [];
/** Closes every connection the test opened (before its Redis stops: no reconnect lines). */
const closeAll = () => {
  for (const thing of opened.splice(0)) thing.close();
};

/** Two instances' broadcasts on one channel of `url`'s Redis, and what each heard. */
async function twoInstances(url: string, channel = `test:${randomUUID()}`) {
  const make = async () => {
    const client = connectRedis(url, 1_000);
    opened.push({ close: () => client.disconnect() });
    await waitForRedis(client);
    const broadcast = redisBroadcast(client, channel);
    opened.push(broadcast);
    const heard: string[] = [];
    broadcast.listen((message) => heard.push(message));
    return { broadcast, heard };
  };
  return Promise.all([make(), make()]);
}

/** Tells `message` until `heard` has it: a subscription is ready a moment after listen(). */
async function toldUntilHeard(from: Broadcast, heard: string[], message: string) {
  await expect
    .poll(
      () => {
        if (!heard.includes(message)) from.tell(message);
        return heard.includes(message);
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(true);
}

describe("a broadcast on Redis", () => {
  it("the other instance hears it, the teller does not, another channel does not", async () => {
    const own = (await startTestRedis())!;
    try {
      const [a, b] = await twoInstances(own.url);
      const [elsewhere] = await twoInstances(own.url);
      await toldUntilHeard(a!.broadcast, b!.heard, "silent");
      expect(a!.heard).toEqual([]);
      b!.broadcast.tell("back");
      await expect.poll(() => a!.heard).toEqual(["back"]);
      expect(elsewhere!.heard).toEqual([]);
    } finally {
      closeAll();
      await own.stop();
    }
  });

  it("telling while Redis is down neither throws nor waits; once it is back, news is heard again", async () => {
    const own = (await startTestRedis())!;
    const [a, b] = await twoInstances(own.url);
    await toldUntilHeard(a!.broadcast, b!.heard, "before");
    // The main connections say the outage (lib/shared-state/redis.ts); not read here.
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    await own.stop();
    const told = Promise.resolve().then(() => a!.broadcast.tell("while down"));
    expect(await within(told, 100)).toBeUndefined();
    // The same port again: both connections reconnect, the listener subscribes again.
    const again = (await startTestRedis(undefined, own.port))!;
    try {
      await toldUntilHeard(a!.broadcast, b!.heard, "after");
    } finally {
      closeAll();
      said.mockRestore();
      await again.stop();
    }
  });
});
