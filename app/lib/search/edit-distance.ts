/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring letters, each costing one (Damerau-Levenshtein where no letter is edited twice).
 * "gaer" is one edit from "gear", "bearng" one from "bearing".
 */

/** A distance table in one flat array: row i (the first i letters of a path) at cells [i * width, (i + 1) * width). */
export type DistanceTable = { cells: Int32Array; width: number };

/** A table for paths up to `rows` letters against a word of `wordLength`, its row 0 filled. */
export function distanceTable(rows: number, wordLength: number): DistanceTable {
  const width = wordLength + 1;
  const cells = new Int32Array((rows + 1) * width);
  for (let j = 0; j < width; j += 1) cells[j] = j;
  return { cells, width };
}

/**
 * Fills row `i` (the first `i` letters of `path` against all of `word`) from rows i-1 and i-2, in
 * place and without allocating, and returns the row's least cell. Once that is over a limit, so is
 * every later row: a swap reaches back to row i-2, whose least cell is at most one below row i's.
 */
export function fillRow({ cells, width }: DistanceTable, i: number, path: string, word: string) {
  const row = i * width;
  const previous = row - width;
  const letter = path.charCodeAt(i - 1);
  const letterBefore = i > 1 ? path.charCodeAt(i - 2) : -1;
  cells[row] = i;
  let least = i;
  for (let j = 1; j < width; j += 1) {
    const wordLetter = word.charCodeAt(j - 1);
    let cell = Math.min(
      cells[previous + j] + 1,
      cells[row + j - 1] + 1,
      cells[previous + j - 1] + (letter === wordLetter ? 0 : 1),
    );
    if (j > 1 && letter === word.charCodeAt(j - 2) && letterBefore === wordLetter) {
      cell = Math.min(cell, cells[previous - width + j - 2] + 1);
    }
    cells[row + j] = cell;
    if (cell < least) least = cell;
  }
  return least;
}

/** The distance between two words. */
export function editDistance(a: string, b: string) {
  const table = distanceTable(a.length, b.length);
  for (let i = 1; i <= a.length; i += 1) fillRow(table, i, a, b);
  return table.cells[a.length * table.width + b.length];
}
