export type DatabaseDialect = "sqlite" | "postgres";

/** Which engine a DATABASE_URL names (a `file:` path, or `postgres://`), or null for anything else. */
export function databaseDialectOf(url: string): DatabaseDialect | null {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  if (url.startsWith("file:")) return "sqlite";
  return null;
}

/** The file a `file:` DATABASE_URL names. */
export function sqlitePathOf(url: string) {
  return url.slice("file:".length);
}

/** A database or mail URL fit for a message or a log: its password never is. */
export function withoutPassword(url: string) {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*):[^@/]*@/i, "$1:***@");
}
