import { randomBytes, scrypt as scryptCallback, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";

// N=2^15, r=8, p=1: OWASP's scrypt floor; each hash carries its parameters so they can be raised later.
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

// scrypt runs on libuv's thread pool, which compression and file reads share: a flood of sign-ins
// must queue here rather than take every thread and stall everyone else's pages. Each hash keeps a
// core busy, so at least one core is left to the event loop (on two cores: one hash at a time).
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(2, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line, so the count never overshoots.
  if (running < MAX_CONCURRENT_HASHES) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function scrypt(password: string, salt: Buffer, params: ScryptOptions) {
  return withHashSlot(() => scryptNow(password, salt, params));
}

function scryptNow(password: string, salt: Buffer, params: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) => {
    scryptCallback(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 128 * (params.N ?? 0) * (params.r ?? 0) * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$hash` with base64 salt and hash. */
export async function hashPassword(password: string) {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Compares against a throwaway hash so an unknown email costs the same time as a wrong password,
 * and response times do not reveal which emails have accounts.
 */
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
