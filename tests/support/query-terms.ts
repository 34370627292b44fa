import { expect } from "vitest";

import { readQuery } from "~/lib/search/query-reader";
import type { SpecCondition, Term } from "~/lib/search/terms";

/** The one term a query reads as. */
export function onlyTerm(query: string): Term {
  const { terms } = readQuery(query);
  expect(terms, query).toHaveLength(1);
  return terms[0];
}

/** A spec condition with one value. */
export const specCondition = (names: string[] | null, value: string, unit: string | null): SpecCondition => ({
  names,
  values: [value],
  unit,
});
