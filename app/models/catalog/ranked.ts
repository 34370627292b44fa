// How a search's parts are ranked (docs/decisions/0020-query-reader.md). Pure: search.server.ts
// reads the parts of each tier and hands them here.

// Tiers, best first, and within a tier the newest part first: the whole query as the start of a part
// number (the exact one above the rest), a part number containing it, every term met, some terms
// met. Among parts meeting every term, one whose specs meet the measurements comes before one that
// meets them only in its text ("module 1" in a description of a module 1.5 gear); and words in the
// name or part number come before words in the specs, and those before the category or description.
// The tiers are the ranking: no engine score (bm25 reads every document a word is in to weigh it, which
// cost more than the rest of a search together; decision 20).
export const TIER = {
  exactPartNumber: 0,
  partNumber: 1,
  containing: 2,
  everyTermBySpecInName: 3,
  everyTermBySpec: 4,
  everyTermInName: 5,
  everyTermInNameOrSpecs: 6,
  everyTerm: 7,
  someTerms: 8,
} as const;

/** Parts found by tier, each kept in the best tier it reached, at most `bound`. */
export class Ranked {
  /** Each part's best tier. */
  private readonly found = new Map<number, number>();
  private more = false;

  constructor(private readonly bound: number) {}

  get size() {
    return this.found.size;
  }

  /** The parts found so far, in no order. */
  ids() {
    return [...this.found.keys()];
  }

  /**
   * Whether a tier still to come is skipped: past the bound it adds no part, only that there may
   * be more, which is then said without reading it.
   */
  skipsTier() {
    if (this.found.size >= this.bound) this.more = true;
    return this.found.size >= this.bound;
  }

  add(tier: number, ids: number[]) {
    if (ids.length >= this.bound) this.more = true;
    for (const id of ids) {
      const known = this.found.get(id);
      if (known !== undefined && known <= tier) continue;
      if (known === undefined && this.found.size >= this.bound) {
        this.more = true;
        continue;
      }
      this.found.set(id, tier);
    }
  }

  hits({ corrected }: { corrected: string | null }) {
    const ids = [...this.found].sort(([idA, tierA], [idB, tierB]) => tierA - tierB || idB - idA).map(([id]) => id);
    const partial = [...this.found.values()].filter((tier) => tier === TIER.someTerms).length;
    // `fullMatches`: how many of `ids`, from the first, met every term (or the part number).
    return { ids, fullMatches: ids.length - partial, more: this.more, corrected };
  }
}
