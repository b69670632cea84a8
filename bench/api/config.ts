import path from "node:path";

/** The bench's options (env), read once: see bench/api.ts. */
export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50_000);
export const DB = path.resolve(process.env.BENCH_DB ?? ".data/bench.sqlite");
export const PORT = Number(process.env.BENCH_PORT ?? 3210);
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
export const ORDERS = process.env.BENCH_ORDERS ?? "all";
export const TRIPLES = Number(process.env.BENCH_TRIPLES ?? 16);
export const WALK_SECONDS = Number(process.env.BENCH_WALK_SECONDS ?? 15);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const DEPTH_ROWS = 50_000;
export const LIMIT = 50;
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const BASE = `${ORIGIN}/api/v1`;
