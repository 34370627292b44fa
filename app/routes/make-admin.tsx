import { redirect } from "@remix-run/node";

// The old site served this page unguarded at /make-admin; it now lives, guarded, in the dashboard.
export const loader = () => redirect("/dashboard/make-admin", 301);
