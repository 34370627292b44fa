// The dashboard opens on My Orders: the same page, served at /dashboard.
export { action, default, ErrorBoundary, loader, meta } from "./dashboard.my-order";
