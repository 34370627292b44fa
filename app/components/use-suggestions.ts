import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import type { Suggestions } from "~/models/catalog";

/** How long typing must pause before suggestions are asked for: one request per word, not per key. */
const DEBOUNCE_MS = 150;
/** Shorter text is answered with nothing (/search/suggest), so it is not asked about. */
const MIN_QUERY_LENGTH = 2;

/** One suggestion, as the combobox lists it and follows it. */
export type SuggestionOption = { id: string; kind: keyof Suggestions; label: string; detail?: string; url: string };

/** The suggestions in the order they are listed (parts, categories, searches), with ids under `idPrefix`. */
export function optionsOf(suggestions: Suggestions | undefined, idPrefix: string): SuggestionOption[] {
  if (!suggestions) return [];
  const options: Omit<SuggestionOption, "id">[] = [
    ...suggestions.parts.map((part) => ({
      kind: "parts" as const,
      label: part.name,
      detail: part.partNumber,
      url: part.url,
    })),
    ...suggestions.categories.map((category) => ({
      kind: "categories" as const,
      label: category.name,
      url: category.url,
    })),
    ...suggestions.searches.map((search) => ({ kind: "searches" as const, label: search.query, url: search.url })),
  ];
  return options.map((option, index) => ({ ...option, id: `${idPrefix}-${index}` }));
}

/** Whether an answer for `answered` still fits what is typed now: the same words, typed on or back. */
const stillFits = (answered: string, typed: string) => typed.startsWith(answered) || answered.startsWith(typed);

/**
 * Suggestions for what is typed, asked for through a fetcher once typing pauses. A new load on the
 * same fetcher aborts the one still on its way, so an older query's answer never lands after a
 * newer one's. An answer is shown while the text still fits it (while "bearin" is asked about,
 * "bear"'s answer stays up); text that no longer fits it (cleared, another word) shows none.
 */
export function useSuggestions() {
  const fetcher = useFetcher<Suggestions>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const asked = useRef("");
  const [typed, setTyped] = useState("");
  const [answered, setAnswered] = useState<string | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) setAnswered(asked.current);
  }, [fetcher.state, fetcher.data]);

  function ask(text: string) {
    const query = text.trim();
    clearTimeout(timer.current);
    setTyped(query);
    if (query.length < MIN_QUERY_LENGTH) return;
    timer.current = setTimeout(() => {
      asked.current = query;
      fetcher.load(`/search/suggest?${new URLSearchParams({ q: query })}`);
    }, DEBOUNCE_MS);
  }

  const shown =
    typed.length >= MIN_QUERY_LENGTH && answered !== null && stillFits(answered, typed) ? fetcher.data : undefined;
  return { suggestions: shown, ask };
}
