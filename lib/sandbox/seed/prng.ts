/**
 * A small, fast, seeded pseudo-random generator (sfc32) for the demo-data hot
 * loops, plus uuid (version 4 layout) and hex helpers drawn from it. The same
 * seed and stream always give the same sequence.
 */

const HEX: readonly string[] = Array.from({ length: 256 }, (_, i) =>
  i.toString(16).padStart(2, "0"),
);
const HEX1: readonly string[] = Array.from({ length: 16 }, (_, i) => i.toString(16));

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed` may be any finite number; `stream` separates independent sequences of one seed. */
  constructor(seed: number, stream = 0) {
    const lo = seed >>> 0;
    const hi = Math.floor(seed / 4294967296) >>> 0;
    let s = (lo ^ Math.imul(hi, 0x27d4eb2d) ^ Math.imul(stream + 1, 0x9e3779b9)) | 0;
    const splitmix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    for (let i = 0; i < 20; i++) this.u32();
  }

  /** Next unsigned 32-bit integer. */
  u32(): number {
    const t0 = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    const c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const t = (t0 + this.d) | 0;
    this.c = (c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Index drawn with the given (not necessarily normalised) weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Fisher-Yates shuffle in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }

  /** A uuid in version 4 layout: 8-4-4-4-12 lowercase hex, version 4, variant 8..b. */
  uuid(): string {
    const a = this.u32();
    const b = this.u32();
    const c = this.u32();
    const d = this.u32();
    return (
      HEX[a >>> 24]! +
      HEX[(a >>> 16) & 255]! +
      HEX[(a >>> 8) & 255]! +
      HEX[a & 255]! +
      "-" +
      HEX[b >>> 24]! +
      HEX[(b >>> 16) & 255]! +
      "-4" +
      HEX1[(b >>> 8) & 15]! +
      HEX[b & 255]! +
      "-" +
      HEX[0x80 | ((c >>> 24) & 0x3f)]! +
      HEX[(c >>> 16) & 255]! +
      "-" +
      HEX[(c >>> 8) & 255]! +
      HEX[c & 255]! +
      HEX[d >>> 24]! +
      HEX[(d >>> 16) & 255]! +
      HEX[(d >>> 8) & 255]! +
      HEX[d & 255]!
    );
  }

  /** `bytes` random bytes as lowercase hex. */
  hex(bytes: number): string {
    let out = "";
    for (let i = 0; i < bytes; i++) out += HEX[this.u32() & 255]!;
    return out;
  }
}
