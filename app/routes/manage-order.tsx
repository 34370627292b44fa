import { redirect } from "@remix-run/node";

// The old site served this page unguarded at /manage-order; it now lives, guarded, in the dashboard.
export const loader = () => redirect("/dashboard/manage-order", 301);
