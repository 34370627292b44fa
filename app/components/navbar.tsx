import { Form, useFetchers, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import type { CurrentUser } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { HeaderSearch } from "~/components/header-search";
import { headerFocusRing } from "~/components/ui/focus-ring";

const contentLinks = [
  { to: "/about", label: "About us" },
  { to: "/contact", label: "Contact" },
  { to: "/blog", label: "Blog" },
  { to: "/portfolio", label: "My Portfolio" },
];

type NavUser = Pick<CurrentUser, "display_name"> | null;

/**
 * A header link, marked when its section is open. NavLink would do the same, but it compiles a
 * route pattern per link per render, and the header has two sets of links on every page.
 */
function HeaderLink({ to, children, pathname }: { to: string; children: string; pathname: string }) {
  const isActive = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <AppLink
      to={to}
      prefetch="intent"
      aria-current={isActive ? "page" : undefined}
      className={`whitespace-nowrap rounded px-2 py-1 hover:text-orange-300 ${headerFocusRing} ${isActive ? "text-orange-300" : "text-slate-100"}`}
    >
      {children}
    </AppLink>
  );
}

/**
 * The cart's line count, counting Add to Cart and Remove forms still on their way: with JavaScript
 * the number moves the moment the button is pressed.
 */
function useCartCount(cartItemIds: number[]) {
  const fetchers = useFetchers();
  const ids = new Set(cartItemIds);
  for (const fetcher of fetchers) {
    if (!fetcher.formData || !fetcher.formAction?.startsWith("/cart")) continue;
    const itemId = Number(fetcher.formData.get("itemId"));
    const intent = fetcher.formData.get("intent");
    if (intent === "add") ids.add(itemId);
    if (intent === "remove") ids.delete(itemId);
  }
  return ids.size;
}

function CartLink({ cartItemIds, pathname }: { cartItemIds: number[]; pathname: string }) {
  const count = useCartCount(cartItemIds);
  const isActive = pathname === "/cart" || pathname === "/checkout";
  return (
    <AppLink
      to="/cart"
      aria-current={isActive ? "page" : undefined}
      className={`whitespace-nowrap rounded px-2 py-1 hover:text-orange-300 ${headerFocusRing} ${isActive ? "text-orange-300" : "text-slate-100"}`}
    >
      Cart{" "}
      <span className="rounded-full bg-orange-800 px-2 text-sm font-semibold text-white" data-testid="cart-count">
        {count}
      </span>
      <span className="sr-only"> {count === 1 ? "line" : "lines"}</span>
    </AppLink>
  );
}

/** The store's sections: the catalog, the content pages and, for a signed-in visitor, the dashboard. */
function SectionLinks({ user }: { user: NavUser }) {
  const { pathname } = useLocation();
  return (
    <>
      <HeaderLink to="/items" pathname={pathname}>
        Shop
      </HeaderLink>
      {contentLinks.map((link) => (
        <HeaderLink key={link.to} to={link.to} pathname={pathname}>
          {link.label}
        </HeaderLink>
      ))}
      {user ? (
        <HeaderLink to="/dashboard" pathname={pathname}>
          Dashboard
        </HeaderLink>
      ) : null}
    </>
  );
}

// Everyone has a cart: a visitor's is kept by its own cookie until they sign in.
function CartControl({ cartItemIds }: { cartItemIds: number[] }) {
  const { pathname } = useLocation();
  return <CartLink cartItemIds={cartItemIds} pathname={pathname} />;
}

function AccountControls({ user }: { user: NavUser }) {
  if (!user) {
    return (
      <AppLink
        to="/sign-in"
        className={`whitespace-nowrap rounded-md bg-orange-800 px-3 py-1.5 font-semibold text-white hover:bg-orange-900 ${headerFocusRing}`}
      >
        Sign In
      </AppLink>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <span className="max-w-40 truncate text-slate-200" title={user.display_name}>
        {user.display_name}
      </span>
      <Form method="post" action="/sign-out">
        <button
          type="submit"
          className={`whitespace-nowrap rounded-md border border-slate-400 px-3 py-1.5 font-semibold text-white hover:bg-slate-700 ${headerFocusRing}`}
        >
          Sign Out
        </button>
      </Form>
    </div>
  );
}

/**
 * The phone menu is a details element, so it opens and closes without JavaScript. With JavaScript
 * it also closes once a link in it is followed or a form in it is sent.
 */
function PhoneMenu({ user, cartItemIds }: { user: NavUser; cartItemIds: number[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  const closeAfterTap = (event: React.MouseEvent) => {
    if ((event.target as HTMLElement).closest("a") && menu.current) menu.current.open = false;
  };
  // Escape closes it and gives focus back to its button (the disclosure pattern).
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  // Tabbing past its last link closes it: open, it would lie over the control that has focus (WCAG
  // 2.4.11). A click on its own padding moves focus nowhere (no related target) and keeps it open.
  const closeWhenFocusLeaves = (event: React.FocusEvent) => {
    const next = event.relatedTarget;
    if (menu.current?.open && next instanceof Node && !menu.current.contains(next)) menu.current.open = false;
  };
  return (
    <details ref={menu} onKeyDown={closeOnEscape} onBlur={closeWhenFocusLeaves} className="relative lg:hidden">
      <summary className={`cursor-pointer list-none rounded-md border border-slate-500 px-3 py-1.5 ${headerFocusRing}`}>
        Menu
      </summary>
      {/* Keyboard users follow links with Enter, which is a click too: one listener serves both. */}
      <div
        onClick={closeAfterTap}
        className="absolute right-0 z-20 mt-2 flex w-72 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-md bg-slate-800 p-3 shadow-lg"
      >
        <HeaderSearch id="phone-search" />
        <SectionLinks user={user} />
        <CartControl cartItemIds={cartItemIds} />
        <AccountControls user={user} />
      </div>
    </details>
  );
}

/**
 * On wide screens two rows: the brand, search, cart and account on the first, the sections on the
 * second (in one row the links wrapped at 1280 px once Cart and Dashboard joined them). On phones
 * everything but the brand is in the menu.
 */
export function Navbar({ storeName, user, cartItemIds }: { storeName: string; user: NavUser; cartItemIds: number[] }) {
  return (
    <header className="bg-slate-900 text-slate-100">
      <nav aria-label="Main" className="mx-auto max-w-6xl px-4">
        <div className="flex items-center justify-between gap-4 py-3">
          <AppLink
            to="/"
            className={`whitespace-nowrap rounded text-xl font-bold tracking-tight text-white ${headerFocusRing}`}
          >
            {storeName}
          </AppLink>
          <div className="hidden min-w-0 flex-1 items-center justify-end gap-3 lg:flex">
            <HeaderSearch id="header-search" />
            <CartControl cartItemIds={cartItemIds} />
            <AccountControls user={user} />
          </div>
          <PhoneMenu user={user} cartItemIds={cartItemIds} />
        </div>
        <div className="hidden flex-wrap gap-1 border-t border-slate-800 py-2 lg:flex">
          <SectionLinks user={user} />
        </div>
      </nav>
    </header>
  );
}
