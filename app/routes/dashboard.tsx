import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { requireUser } from "~/auth/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusButton } from "~/components/forms";
import { canApprove, type CompanyRole } from "~/lib/companies";
import { membershipOf } from "~/models/company";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Dashboard")];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const membership = await membershipOf(user.id);
  return {
    displayName: user.display_name,
    isAdmin: user.role === "admin",
    companyRole: membership?.role ?? null,
    unprovenEmail: user.email_verified_at ? null : user.email,
  };
}

const customerLinks = [
  { to: "/dashboard/my-order", label: "My Orders" },
  { to: "/dashboard/quotes", label: "My Quotes" },
  { to: "/dashboard/invoices", label: "Invoices" },
  { to: "/dashboard/lists", label: "Parts lists" },
  { to: "/dashboard/addresses", label: "Addresses" },
  { to: "/dashboard/my-review", label: "My Reviews" },
  { to: "/dashboard/add-review", label: "Add a Review" },
  { to: "/dashboard/my-profile", label: "My Profile" },
  { to: "/dashboard/api-keys", label: "API Keys" },
];

const adminLinks = [
  // `end`: the admin home is active only on /dashboard itself, not on every page beneath it.
  { to: "/dashboard", label: "Admin Home", end: true },
  { to: "/dashboard/manage-order", label: "Manage Orders" },
  { to: "/dashboard/manage-quotes", label: "Manage Quotes" },
  { to: "/dashboard/manage-companies", label: "Manage Companies" },
  { to: "/dashboard/add-product", label: "Add a Product" },
  { to: "/dashboard/manage-product", label: "Manage Products" },
  { to: "/dashboard/spec-templates", label: "Spec Templates" },
  { to: "/dashboard/import", label: "Import Catalog" },
  { to: "/dashboard/make-admin", label: "Make Admin" },
  { to: "/dashboard/messages", label: "Messages" },
  { to: "/dashboard/outbox", label: "Outbox" },
];

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

/** A company member's pages: the company, and for approvers the orders waiting for them. */
function companyLinks(role: CompanyRole | null) {
  if (!role) return [];
  return [
    { to: "/dashboard/company", label: "Company" },
    ...(canApprove(role) ? [{ to: "/dashboard/approvals", label: "Approvals" }] : []),
  ];
}

function SideMenu({ isAdmin, companyRole }: { isAdmin: boolean; companyRole: CompanyRole | null }) {
  return (
    <nav aria-label="Dashboard" className="space-y-4">
      <MenuLinks links={[...customerLinks, ...companyLinks(companyRole)]} className="space-y-1" />
      {isAdmin ? (
        <div>
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-700">Admin</p>
          <MenuLinks links={adminLinks} className="mt-1 space-y-1" />
        </div>
      ) : null}
    </nav>
  );
}

export default function Dashboard() {
  const { displayName, isAdmin, companyRole, unprovenEmail } = useLoaderData<typeof loader>();
  return (
    <DashboardLayout displayName={displayName} isAdmin={isAdmin} companyRole={companyRole}>
      {unprovenEmail ? <UnprovenEmailBanner email={unprovenEmail} /> : null}
      <Outlet />
    </DashboardLayout>
  );
}

/** Unproven customers browse and order as usual; this asks them, once per page, to confirm. */
function UnprovenEmailBanner({ email }: { email: string }) {
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

function DashboardLayout({
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

/**
 * Every dashboard page's errors land here: the side menu stays (when the layout's loader got as far
 * as knowing who is asking), with the shared error page beside it.
 */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/dashboard");
  if (!layout) return <GeneralErrorBoundary />;
  return (
    <DashboardLayout displayName={layout.displayName} isAdmin={layout.isAdmin} companyRole={layout.companyRole}>
      <GeneralErrorBoundary />
    </DashboardLayout>
  );
}
