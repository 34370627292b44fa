import { AppLink } from "~/components/app-link";

const FIRST_YEAR = 2022;

const columns = [
  {
    heading: "Shop",
    links: [
      { to: "/items", label: "All parts" },
      { to: "/dashboard/my-order", label: "My orders" },
      { to: "/dashboard/add-review", label: "Write a review" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About us" },
      { to: "/contact", label: "Contact" },
      { to: "/portfolio", label: "Portfolio" },
    ],
  },
  {
    heading: "Learn",
    links: [{ to: "/blog", label: "Blog" }],
  },
];

export function Footer({ storeName, year }: { storeName: string; year: number }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.heading}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <AppLink to={link.to} className="hover:text-orange-300">
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-sm">
        © {FIRST_YEAR}–{year} {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
