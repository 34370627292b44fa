// better-sqlite3 statements kept across queries: the server's connection and the read worker's
// (app/db/off-thread-reads.server.ts) share it. No app imports, so the worker's bundle stays small.
import type SQLite from "better-sqlite3";

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and SQLite's prepare of a query with subqueries costs about what
 * running it does (a filtered catalog page spent 0.19 ms a request preparing its four queries). The
 * app's queries are a few hundred shapes with bound parameters, so their statements are kept, the
 * least recently used dropped past a bound. SQLite re-prepares a kept statement itself when a
 * migration changes the schema. Kysely never iterates a statement here (no `stream()`), so a kept
 * statement is never busy when it is asked for again.
 */
export function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = sqlite.prepare(source);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}
