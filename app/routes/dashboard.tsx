import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { DashboardLayout, UnprovenEmailBanner } from "~/components/dashboard/dashboard-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
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

export default function Dashboard() {
  const { displayName, isAdmin, companyRole, unprovenEmail } = useLoaderData<typeof loader>();
  return (
    <DashboardLayout displayName={displayName} isAdmin={isAdmin} companyRole={companyRole}>
      {unprovenEmail ? <UnprovenEmailBanner email={unprovenEmail} /> : null}
      <Outlet />
    </DashboardLayout>
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
