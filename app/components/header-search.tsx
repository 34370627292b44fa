import { Form, useLocation, useNavigate } from "@remix-run/react";
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { headerFocusRing } from "~/components/ui/focus-ring";
import { optionsOf, type SuggestionOption, useSuggestions } from "~/components/use-suggestions";

const GROUPS = [
  { kind: "parts", label: "Parts" },
  { kind: "categories", label: "Categories" },
  { kind: "searches", label: "Searches" },
] as const;

/**
 * The header's search: a plain GET form to the catalog, so it works without JavaScript. Once
 * JavaScript runs, the same box becomes an ARIA 1.2 combobox (list autocomplete, no automatic
 * selection) whose listbox suggests parts, categories and searches as the buyer types: the arrow
 * keys move through them, Enter follows the one chosen (or searches, when none is), Escape closes
 * the list and a second Escape clears the box, Tab leaves. Focus stays in the box throughout; the
 * chosen option is its aria-activedescendant, and a polite live region says how many there are.
 */
export function HeaderSearch({ id }: { id: string }) {
  const hydrated = useHydrated();
  const listboxId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { suggestions, pending, ask, stop } = useSuggestions();
  const options = optionsOf(suggestions, `${id}-option`);
  const [wanted, setWanted] = useState(false);
  // The chosen option is held by where it leads, not by its place: when the answer for the next
  // letter arrives, the part the buyer moved to stays chosen if it is still listed.
  const [activeUrl, setActiveUrl] = useState<string>();
  const open = hydrated && wanted && options.length > 0;
  const active = options.findIndex((option) => option.url === activeUrl);
  const activeOption = open ? options[active] : undefined;

  const close = () => {
    setWanted(false);
    setActiveUrl(undefined);
  };
  // Following a suggestion, or searching, closes the list.
  useEffect(close, [location.key]);
  const activeId = activeOption?.id;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  function follow(option: SuggestionOption) {
    stop();
    close();
    if (option.kind === "searches" && input.current) input.current.value = option.label;
    navigate(option.url);
  }

  function move(step: 1 | -1) {
    setWanted(true);
    const count = options.length;
    // From no choice, Down goes to the first and Up to the last; past either end, round again.
    if (count) setActiveUrl(options[active < 0 && step < 0 ? count - 1 : (active + step + count) % count].url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter" && activeOption) {
      event.preventDefault();
      follow(activeOption);
    } else if (event.key === "Escape") {
      // A search box's own Escape clears it at once: here the first one only closes the list.
      event.preventDefault();
      if (open) close();
      else if (input.current) {
        input.current.value = "";
        ask("");
      }
    } else if (event.key === "Tab") close();
  }

  const combobox = hydrated
    ? ({
        role: "combobox",
        "aria-expanded": open,
        "aria-controls": listboxId,
        "aria-autocomplete": "list",
        "aria-activedescendant": activeOption?.id,
        autoComplete: "off",
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          setWanted(true);
          ask(event.currentTarget.value);
        },
        onKeyDown,
        onBlur: close,
      } as const)
    : {};

  return (
    <Form
      method="get"
      action="/items"
      role="search"
      aria-label="Site search"
      className="relative flex min-w-0 gap-1"
      onSubmit={() => {
        stop();
        close();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search parts
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        placeholder="Search parts"
        maxLength={100}
        className={`w-full min-w-0 rounded-md border border-slate-500 bg-slate-800 px-2 py-1.5 text-white placeholder:text-slate-300 lg:w-64 ${headerFocusRing}`}
        {...combobox}
      />
      <button
        type="submit"
        className={`rounded-md bg-slate-700 px-3 py-1.5 font-semibold text-white hover:bg-slate-600 ${headerFocusRing}`}
      >
        Search
      </button>
      {hydrated ? (
        <>
          <SuggestionList
            id={listboxId}
            options={options}
            open={open}
            busy={pending}
            activeOption={activeOption}
            follow={follow}
          />
          <div aria-live="polite" aria-atomic="true" className="sr-only">
            {open ? `${options.length} ${options.length === 1 ? "suggestion" : "suggestions"}` : ""}
          </div>
        </>
      ) : null}
    </Form>
  );
}

function SuggestionList({
  id,
  options,
  open,
  busy,
  activeOption,
  follow,
}: {
  id: string;
  options: SuggestionOption[];
  open: boolean;
  busy: boolean;
  activeOption: SuggestionOption | undefined;
  follow: (option: SuggestionOption) => void;
}) {
  return (
    <div
      role="listbox"
      id={id}
      aria-label="Search suggestions"
      hidden={!open}
      aria-busy={busy}
      // A press on an option must not take focus from the box, whose blur would close the list first.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute left-0 right-0 top-full z-30 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-500 bg-slate-800 py-1 text-left shadow-lg"
    >
      {GROUPS.map(({ kind, label }) => {
        const members = options.filter((option) => option.kind === kind);
        if (!members.length) return null;
        return (
          <div key={kind} role="group" aria-labelledby={`${id}-${kind}`}>
            <div
              role="presentation"
              id={`${id}-${kind}`}
              className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-300"
            >
              {label}
            </div>
            {members.map((option) => (
              <div
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={option === activeOption}
                onClick={() => follow(option)}
                className={`cursor-pointer px-3 py-1.5 text-white ${option === activeOption ? "bg-slate-700 outline outline-2 -outline-offset-2 outline-orange-300" : "hover:bg-slate-700"}`}
              >
                <span className="block">{option.label}</span>
                {option.detail ? (
                  <>
                    {/* A space, so the option's name reads "…20 Teeth GW-SG-M1-20". */}{" "}
                    <span className="block text-sm text-slate-200">{option.detail}</span>
                  </>
                ) : null}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
