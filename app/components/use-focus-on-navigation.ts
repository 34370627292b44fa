import { type Location, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** The new page's h1, or its main when it has none, made focusable from script only. */
function pageStart() {
  const main = document.querySelector("main");
  const target = main?.querySelector<HTMLElement>("h1") ?? main;
  if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  return target;
}

/**
 * Puts focus back on what the visitor used in a form, when it is still on the page. A submit button
 * is disabled while its form is on its way, and the browser then drops focus to the body.
 */
function keepFocusInForm(element: HTMLElement | null) {
  if (!element?.isConnected || !element.closest("form")) return false;
  if (document.activeElement !== element) element.focus({ preventScroll: true });
  return document.activeElement === element;
}

/**
 * After a client-side navigation, focus moves to the new page's h1 (or main), where a full page
 * load would start: a keyboard user goes on from the top of the new page rather than from a link
 * that is gone, and a screen reader announces the heading. Focus stays where it was:
 * - on the first load, which the browser starts itself;
 * - when only the hash changed (an in-page link such as "Skip to content");
 * - when the path is the same and the visitor was in a form: a filter ticked, a sort chosen, a
 *   search typed on the catalog, Add to Cart, a form sent back with its errors. Its answer is on
 *   the same page, next to the field or in the status message. Following a link within the same
 *   path (a category, the next page of results) does move focus, as what it led to is new.
 * Scrolling stays with ScrollRestoration: focus moves without scrolling.
 */
export function useFocusOnNavigation() {
  const location = useLocation();
  const previous = useRef<Location | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (!before || before.key === location.key) return;
    const samePath = before.pathname === location.pathname;
    if (samePath && before.search === location.search && before.hash !== location.hash) return;
    if (samePath && keepFocusInForm(lastFocused.current)) return;
    pageStart()?.focus({ preventScroll: true });
  }, [location]);
}
