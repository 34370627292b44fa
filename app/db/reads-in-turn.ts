// Reads run one after another, stopping as soon as their answers make the rest pointless: a search's
// tiers (app/models/catalog/search.server.ts). Shared by the read worker (server/catalog-read-worker.ts),
// which runs such a list as one message, and by the request thread where no worker runs. Pure, with
// no app imports, so the worker's bundle stays small.

/** A compiled query, as the worker receives it. */
export type Read = { sql: string; parameters: readonly unknown[] };

/** Rows with an `id`: the parts a read found. */
export type Row = Record<string, unknown>;

/**
 * When reads run in turn stop early.
 * - `firstIsProbe`: the first read asks whether there is anything to read at all; when it answers no
 *   rows the rest are not run, and its rows are not counted below.
 * - `enoughIds`: the distinct `id`s of the answers so far, with `known` ones (found before this list),
 *   reached `bound`: a later read could only say that there are more.
 */
export type StopRule = { firstIsProbe?: boolean; enoughIds?: { bound: number; known: readonly number[] } };

/**
 * Whether reads run in turn stop after each answer, by `stop`: called with every answer in order,
 * wherever the list runs (worker or request thread), so that where it runs never changes what it answers.
 */
export function stopsAfter(stop: StopRule) {
  const seen = new Set<number>(stop.enoughIds?.known);
  let answered = 0;
  return (rows: Row[]) => {
    answered += 1;
    const probe = stop.firstIsProbe && answered === 1;
    if (probe && rows.length === 0) return true;
    if (!stop.enoughIds) return false;
    if (!probe) for (const row of rows) seen.add(Number(row.id));
    return seen.size >= stop.enoughIds.bound;
  };
}
