import { PrefetchPageLinks, useNavigate } from "@remix-run/react";
import {
  type AnchorHTMLAttributes,
  createContext,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  type TouchEvent,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * A link to a page of this shop: an anchor that, with JavaScript, is followed by the router, as
 * Remix's Link is. Remix's Link costs each link three route resolutions and a dozen hooks on every
 * render, and a catalog page has sixty links: rendered with Link they were an eighth of the page's
 * server time (decision 42). This one reads its handlers from the page's context instead.
 *
 * `to` is a path from the root: the browser resolves a relative href against the address and the
 * router against the route, and the two could differ. `prefetch="intent"` fetches the page's data
 * and code once the link is pointed at or focused, as Link's does.
 */
export function AppLink({
  to,
  prefetch,
  ...anchor
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "download" | "onClick"> & {
  to: string;
  prefetch?: "intent";
}) {
  const navigation = useContext(InAppNavigation);
  return (
    <a
      {...anchor}
      {...(prefetch === "intent" ? navigation?.prefetchOnIntent : undefined)}
      href={to}
      // Link's mark for route discovery: the router learns the routes a page links to.
      data-discover="true"
      onClick={navigation?.followInApp}
    />
  );
}

type Intent = MouseEvent<HTMLAnchorElement> | FocusEvent<HTMLAnchorElement> | TouchEvent<HTMLAnchorElement>;

type InAppNavigationHandlers = {
  followInApp: (event: MouseEvent<HTMLAnchorElement>) => void;
  prefetchOnIntent: Record<
    "onMouseEnter" | "onFocus" | "onTouchStart" | "onMouseLeave" | "onBlur",
    (event: Intent) => void
  >;
};

/** Outside the provider (never in this app) a link is left to the browser: a whole-page load. */
const InAppNavigation = createContext<InAppNavigationHandlers | null>(null);

/** How long a pointer or focus rests on a link before its page is prefetched (Link's wait). */
const INTENT_DELAY_MS = 100;

/**
 * Gives every AppLink below it the router's navigation, with the rules of Remix's Link: a plain
 * left click is the router's, a click with a modifier key (new tab, new window, download) or one
 * another handler already took is the browser's, and a link to the address already shown replaces
 * it in the history rather than adding it again. It also holds the one page being prefetched: the
 * last link pointed at, while the pointer or focus stays on it.
 */
export function InAppNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [intended, setIntended] = useState<string | null>(null);
  const intentTimer = useRef<ReturnType<typeof setTimeout>>();

  const followInApp = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
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

  const prefetchOnIntent = useMemo(() => {
    const intend = (event: Intent) => {
      const href = event.currentTarget.getAttribute("href");
      clearTimeout(intentTimer.current);
      intentTimer.current = setTimeout(() => setIntended(href), INTENT_DELAY_MS);
    };
    const withdraw = () => {
      clearTimeout(intentTimer.current);
      setIntended(null);
    };
    return { onMouseEnter: intend, onFocus: intend, onTouchStart: intend, onMouseLeave: withdraw, onBlur: withdraw };
  }, []);

  const handlers = useMemo(() => ({ followInApp, prefetchOnIntent }), [followInApp, prefetchOnIntent]);
  return (
    <InAppNavigation.Provider value={handlers}>
      {children}
      {intended ? <PrefetchPageLinks page={intended} /> : null}
    </InAppNavigation.Provider>
  );
}
