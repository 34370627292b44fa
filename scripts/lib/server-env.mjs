/**
 * What an app server process's environment gets on top of the operator's, set by every launcher
 * (`npm start`, the soak). glibc gives threads that allocate (libuv's pool: zlib, crypto, file
 * reads) arenas of their own, up to eight per core, and hands their freed memory back late, so a
 * server's RSS can stand tens of megabytes above what it uses after a burst; two arenas keep it
 * nearer (decision 55). An operator's own MALLOC_ARENA_MAX wins.
 */
export function serverProcessEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2" };
}
