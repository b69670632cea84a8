import path from "node:path";

/** The bench's options (env), read once: see bench/search.ts. */
export const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
export const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 7400);
/** Lookups timed per kind (by number, part of a number, words, e-mail domain). */
export const LOOKUPS = Number(process.env.BENCH_SEARCH_LOOKUPS ?? 300);
/** The instances' refresh interval: the incremental refresh is timed once it has run. */
export const INTERVAL = process.env.BENCH_SEARCH_REFRESH_INTERVAL ?? "60s";
/** Which set-ups to run: one instance, two through Redis. */
export const SETUPS = (process.env.BENCH_SEARCH_SETUPS ?? "one,two").split(",");
/** How long a wait (first refresh, restart) may take before the bench fails. */
export const WAIT_LIMIT_S = Number(process.env.BENCH_SEARCH_WAIT_LIMIT_S ?? 3600);
/**
 * How long the first build is waited for: past it, the lookups run on what it has
 * read (the search answers from it) and the refresh, which follows a finished build, is left out.
 */
export const BUILD_LIMIT_S = Number(process.env.BENCH_SEARCH_BUILD_LIMIT_S ?? 3600);
/** Whether the in-memory scan of the whole database runs first ("0": not). */
export const SCAN = process.env.BENCH_SEARCH_SCAN !== "0";
