/**
 * mulberry32: a small, fast generator that gives the same sequence for the same seed on every
 * machine, so the bench's catalog and searches are the same in every run.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
