import { redirect } from "@remix-run/node";

// The old site served this page unguarded at /my-profile; it now lives, guarded, in the dashboard.
export const loader = () => redirect("/dashboard/my-profile", 301);
