/** Deterministic pseudo-random numbers (mulberry32), so a seed reproduces a population. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  int(maxExclusive: number): number;
  normal(): number;
  poisson(mean: number): number;
  gamma(shape: number): number;
  beta(a: number, b: number): number;
  pick<T>(items: readonly T[]): T;
  pickWeighted(weights: readonly number[]): number;
  /** A new independent stream derived from this one and a label. */
  fork(label: string | number): Random;
}

export function hashString(text: string): number {
  let h = 2166136261 >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (): number => {
    const u = 1 - next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
  };
  const gamma = (shape: number): number => {
    if (shape < 1) return gamma(shape + 1) * Math.pow(1 - next(), 1 / shape);
    // Marsaglia and Tsang
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number, v: number;
      do {
        x = normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = 1 - next();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  };
  const random: Random = {
    next,
    int: (maxExclusive) => Math.floor(next() * maxExclusive),
    normal,
    poisson(mean) {
      if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal()));
      const limit = Math.exp(-mean);
      let k = 0;
      let p = next();
      while (p > limit) {
        k++;
        p *= next();
      }
      return k;
    },
    gamma,
    beta(a, b) {
      const x = gamma(a);
      const y = gamma(b);
      return x + y === 0 ? 0.5 : x / (x + y);
    },
    pick: (items) => items[Math.floor(next() * items.length)],
    pickWeighted(weights) {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < weights.length; i++) {
        r -= weights[i];
        if (r < 0) return i;
      }
      return weights.length - 1;
    },
    fork: (label) => createRandom((hashString(String(label)) ^ Math.floor(next() * 4294967296)) >>> 0),
  };
  return random;
}
