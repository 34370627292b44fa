import { useNavigate } from "@remix-run/react";
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
} from "react";

/**
 * A link to a page of this shop: an anchor that, with JavaScript, is followed by the router, as
 * Remix's Link is. Remix's Link costs each link four route resolutions and a dozen hooks on every
 * render, and a catalog page has sixty links: rendered with Link they were a quarter of the page's
 * server time (decision 42). This one reads a single click handler from the page's context instead.
 *
 * `to` is a path from the root: the browser resolves a relative href against the address and the
 * router against the route, and the two could differ. A link that needs Link's options (prefetch,
 * state, replace, reloadDocument) uses Link.
 */
export function AppLink({
  to,
  ...anchor
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "download" | "onClick"> & {
  to: string;
}) {
  const followInApp = useContext(InAppNavigation);
  // data-discover is Link's mark for route discovery: the router learns the routes a page links to.
  return <a {...anchor} href={to} data-discover="true" onClick={followInApp} />;
}

type LinkClick = (event: MouseEvent<HTMLAnchorElement>) => void;

/** Outside the provider (never in this app) a link is left to the browser: a whole-page load. */
const InAppNavigation = createContext<LinkClick | undefined>(undefined);

/**
 * Gives every AppLink below it the router's navigation, with the rules of Remix's Link: a plain
 * left click is the router's, a click with a modifier key (new tab, new window, download) or one
 * another handler already took is the browser's, and a link to the address already shown replaces
 * it in the history rather than adding it again.
 */
export function InAppNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const followInApp = useCallback<LinkClick>(
    (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const href = event.currentTarget.getAttribute("href");
      if (!href) return;
      event.preventDefault();
      const { pathname, search, hash } = window.location;
      navigate(href, { replace: href === `${pathname}${search}${hash}` });
    },
    [navigate],
  );
  return <InAppNavigation.Provider value={followInApp}>{children}</InAppNavigation.Provider>;
}
