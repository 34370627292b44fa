import { Form, Link, NavLink } from "@remix-run/react";

import type { CurrentUser } from "~/auth/session.server";

const links = [
  { to: "/about", label: "About us" },
  { to: "/contact", label: "Contact" },
  { to: "/blog", label: "Blog" },
  { to: "/portfolio", label: "My Portfolio" },
];

function navLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded px-2 py-1 hover:text-orange-300 ${isActive ? "text-orange-300" : "text-slate-100"}`;
}

function AccountControls({ user }: { user: Pick<CurrentUser, "display_name"> | null }) {
  if (!user) {
    return (
      <Link to="/sign-in" className="rounded-md bg-orange-700 px-3 py-1.5 font-semibold text-white hover:bg-orange-800">
        Sign In
      </Link>
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
          className="rounded-md border border-slate-400 px-3 py-1.5 font-semibold text-white hover:bg-slate-700"
        >
          Sign Out
        </button>
      </Form>
    </div>
  );
}

export function Navbar({ storeName, user }: { storeName: string; user: Pick<CurrentUser, "display_name"> | null }) {
  return (
    <header className="bg-slate-900 text-slate-100">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-xl font-bold tracking-tight text-white">
          {storeName}
        </Link>
        <div className="hidden items-center gap-2 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass} prefetch="intent">
              {link.label}
            </NavLink>
          ))}
          <NavLink to="/dashboard" className={navLinkClass}>
            Dashboard
          </NavLink>
          <AccountControls user={user} />
        </div>
        {/* A details element opens and closes without JavaScript. */}
        <details className="relative md:hidden">
          <summary className="cursor-pointer list-none rounded-md border border-slate-500 px-3 py-1.5">Menu</summary>
          <div className="absolute right-0 z-20 mt-2 flex w-56 flex-col gap-2 rounded-md bg-slate-800 p-3 shadow-lg">
            {links.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            ))}
            <AccountControls user={user} />
          </div>
        </details>
      </nav>
    </header>
  );
}
