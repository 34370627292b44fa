import { Form, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

import { StatusButton } from "~/components/forms";
import { canApprove, type CompanyRole } from "~/lib/companies";

// The dashboard's frame: who is signed in, the menu (a drawer on small screens, without JavaScript
// too) and the page beside it; the layout route and its error boundary both draw it.

/**
 * Every page of the dashboard's menu, in its order, and whom it is for: every customer, a company's
 * members, those who approve its orders, or staff (under their own heading).
 */
const MENU: { to: string; label: string; for: "customer" | "member" | "approver" | "staff"; end?: boolean }[] = [
  { to: "/dashboard/my-order", label: "My Orders", for: "customer" },
  { to: "/dashboard/quotes", label: "My Quotes", for: "customer" },
  { to: "/dashboard/invoices", label: "Invoices", for: "customer" },
  { to: "/dashboard/lists", label: "Parts lists", for: "customer" },
  { to: "/dashboard/addresses", label: "Addresses", for: "customer" },
  { to: "/dashboard/my-review", label: "My Reviews", for: "customer" },
  { to: "/dashboard/add-review", label: "Add a Review", for: "customer" },
  { to: "/dashboard/my-profile", label: "My Profile", for: "customer" },
  { to: "/dashboard/api-keys", label: "API Keys", for: "customer" },
  { to: "/dashboard/company", label: "Company", for: "member" },
  { to: "/dashboard/approvals", label: "Approvals", for: "approver" },
  // `end`: the admin home is active only on /dashboard itself, not on every page beneath it.
  { to: "/dashboard", label: "Admin Home", for: "staff", end: true },
  { to: "/dashboard/manage-order", label: "Manage Orders", for: "staff" },
  { to: "/dashboard/manage-quotes", label: "Manage Quotes", for: "staff" },
  { to: "/dashboard/manage-companies", label: "Manage Companies", for: "staff" },
  { to: "/dashboard/price-lists", label: "Price Lists", for: "staff" },
  { to: "/dashboard/reports", label: "Reports", for: "staff" },
  { to: "/dashboard/add-product", label: "Add a Product", for: "staff" },
  { to: "/dashboard/manage-product", label: "Manage Products", for: "staff" },
  { to: "/dashboard/spec-templates", label: "Spec Templates", for: "staff" },
  { to: "/dashboard/import", label: "Import Catalog", for: "staff" },
  { to: "/dashboard/make-admin", label: "Make Admin", for: "staff" },
  { to: "/dashboard/messages", label: "Messages", for: "staff" },
  { to: "/dashboard/customer-data", label: "Customer Data", for: "staff" },
  { to: "/dashboard/outbox", label: "Outbox", for: "staff" },
];

/** The customer's part of the menu: theirs, and their company's as their role in it allows. */
function customerMenu(role: CompanyRole | null) {
  return MENU.filter(
    (link) =>
      link.for === "customer" ||
      (role && link.for === "member") ||
      (role && canApprove(role) && link.for === "approver"),
  );
}

const staffMenu = MENU.filter((link) => link.for === "staff");

function linkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-orange-100 text-orange-900" : "text-slate-700 hover:bg-slate-100"}`;
}

function MenuLinks({ links, className }: { links: { to: string; label: string; end?: boolean }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.end} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SideMenu({ isAdmin, companyRole }: { isAdmin: boolean; companyRole: CompanyRole | null }) {
  return (
    <nav aria-label="Dashboard" className="space-y-4">
      <MenuLinks links={customerMenu(companyRole)} className="space-y-1" />
      {isAdmin ? (
        <div>
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">Admin</p>
          <MenuLinks links={staffMenu} className="mt-1 space-y-1" />
        </div>
      ) : null}
    </nav>
  );
}

/** Unproven customers browse and order as usual; this asks them, once per page, to confirm. */
export function UnprovenEmailBanner({ email }: { email: string }) {
  return (
    <div
      role="note"
      className="mb-6 flex print:hidden flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="min-w-0 flex-1 break-words">
        Please confirm your email address: we sent a link to <strong>{email}</strong>.
      </p>
      <Form method="post" action="/verify-email">
        <StatusButton name="intent" value="resend" variant="secondary" className="px-3 py-1">
          Send the link again
        </StatusButton>
      </Form>
    </div>
  );
}

export function DashboardLayout({
  displayName,
  isAdmin,
  companyRole,
  children,
}: {
  displayName: string;
  isAdmin: boolean;
  companyRole: CompanyRole | null;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-8 md:grid-cols-[14rem_1fr] print:block">
      <aside className="print:hidden">
        <p className="mb-4 text-sm text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">{displayName}</span>
        </p>
        {/* On small screens the menu is a drawer that opens without JavaScript. */}
        <details className="rounded-md border border-slate-200 bg-white p-2 md:hidden">
          <summary className="cursor-pointer px-2 py-1 font-semibold">Dashboard menu</summary>
          <div className="mt-2">
            <SideMenu isAdmin={isAdmin} companyRole={companyRole} />
          </div>
        </details>
        <div className="hidden md:block">
          <SideMenu isAdmin={isAdmin} companyRole={companyRole} />
        </div>
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
