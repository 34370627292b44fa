import { redirect } from "@remix-run/node";

// The dashboard opens on My Orders.
export const loader = () => redirect("/dashboard/my-order");
