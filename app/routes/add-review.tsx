import { redirect } from "@remix-run/node";

// The old site served this page unguarded at /add-review; it now lives, guarded, in the dashboard.
export const loader = () => redirect("/dashboard/add-review", 301);
