/**
 * Vitest global set-up: a throwaway Redis for the tests of state shared between
 * instances (REDIS_TEST_URL names one instead). Where no redis-server is installed
 * those tests are skipped, and this says so loudly: install Debian's `redis-server`.
 */
import type { TestProject } from "vitest/node";
import { startTestRedis } from "./redis-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** A Redis the tests may use and flush, or null: skip and say so. */
    redisUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.REDIS_TEST_URL?.trim();
  if (given) {
    project.provide("redisUrl", given);
    return;
  }
  const redis = await startTestRedis();
  if (!redis) {
    console.error(
      "\n!!! redis-server is not installed: the tests of state shared through Redis are SKIPPED.\n" +
        "!!! Install it (Debian: apt-get install redis-server) to run them.\n",
    );
    project.provide("redisUrl", null);
    return;
  }
  console.error(`[tests] Redis on ${redis.url}`);
  project.provide("redisUrl", redis.url);
  return () => redis.stop();
}
