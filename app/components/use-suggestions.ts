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
 * Suggestions for what is typed, asked for with a plain fetch once typing pauses. Not a fetcher:
 * a fetcher's failure (a 429, a dropped connection, or Remix's lazy route discovery losing a race
 * with the search's own navigation and answering 404) is rendered by the route's error boundary,
 * so a hint nobody asked to see would replace the page being read. Suggestions are a help; when
 * they fail, the box is the plain search form it always was. A newer question aborts the older
 * one, so an older query's answer never lands after a newer one's. An answer is shown while the
 * text still fits it (while "bearin" is asked about, "bear"'s answer stays up); text that no
 * longer fits it (cleared, another word) shows none. `pending` says that the answer shown is not
 * yet the one for what is typed (the list is about to change: its aria-busy).
 */
export function useSuggestions() {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const inFlight = useRef<AbortController>();
  const [typed, setTyped] = useState("");
  const [answer, setAnswer] = useState<{ query: string; suggestions: Suggestions } | null>(null);
  /** The last query whose question has finished, answered or failed: until it is what is typed, more is coming. */
  const [settled, setSettled] = useState("");

  /** Forgets the question waiting for a pause and the one on its way: the search was sent instead. */
  function stop() {
    clearTimeout(timer.current);
    inFlight.current?.abort();
  }
  useEffect(() => stop, []);

  async function load(query: string) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      const response = await fetch(`/search/suggest?${new URLSearchParams({ q: query })}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      const suggestions = response.ok ? ((await response.json()) as Suggestions) : undefined;
      if (controller.signal.aborted) return;
      if (suggestions) setAnswer({ query, suggestions });
      setSettled(query);
    } catch {
      // Aborted by newer text (a newer question is on its way), or the network failed: the search
      // itself still works.
      if (!controller.signal.aborted) setSettled(query);
    }
  }

  function ask(text: string) {
    const query = text.trim();
    clearTimeout(timer.current);
    setTyped(query);
    if (query.length < MIN_QUERY_LENGTH) return;
    timer.current = setTimeout(() => void load(query), DEBOUNCE_MS);
  }

  const shown =
    typed.length >= MIN_QUERY_LENGTH && answer && stillFits(answer.query, typed) ? answer.suggestions : undefined;
  const pending = typed.length >= MIN_QUERY_LENGTH && settled !== typed;
  return { suggestions: shown, pending, ask, stop };
}
