import { redirect } from "@remix-run/node";

// The old site served this page unguarded at /add-product; it now lives, guarded, in the dashboard.
export const loader = () => redirect("/dashboard/add-product", 301);
