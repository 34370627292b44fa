import { redirect } from "@remix-run/node";

// The old site had the same page at /home; keep the bookmarks working.
export const loader = () => redirect("/", 301);
