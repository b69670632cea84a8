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
