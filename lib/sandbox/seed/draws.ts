/** Draws shared by every part of the generator: times of day and amounts. */
import type { Prng } from "./prng";

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** A time on `day` (UTC midnight) between `fromHour` and `toHour` o'clock UTC: office hours by default. */
export function timeOn(rng: Prng, day: number, fromHour = 8, toHour = 19): number {
  return day + rng.int(fromHour * HOUR, toHour * HOUR);
}

/** Uniform in log space between `lo` and `hi`: small amounts as likely per decade as large ones. */
export function logUniform(rng: Prng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng.float() * (Math.log(hi) - Math.log(lo)));
}

/** A round-ish number near x: steps of a quarter (>= 1000) or a half of its magnitude. */
export function nice(x: number): number {
  if (x < 1) return 1;
  const mag = 10 ** Math.floor(Math.log10(x));
  const step = mag >= 1000 ? mag / 4 : mag / 2;
  return Math.max(step, Math.round(x / step) * step);
}

/** A name of `table`, drawn with the weight written beside it. */
export function pickWeighted<const N extends string>(
  rng: Prng,
  table: readonly (readonly [N, number])[],
): N {
  return table[rng.weighted(table.map(([, weight]) => weight))]![0];
}
