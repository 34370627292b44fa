// Addresses the old single-page site used. Bookmarks to them keep working: each redirects
// permanently to where the page lives now (the admin pages, unguarded there, are guarded here).
export const LEGACY_PATHS: Readonly<Record<string, string>> = {
  "/home": "/",
  "/add-review": "/dashboard/add-review",
  "/my-profile": "/dashboard/my-profile",
  "/manage-order": "/dashboard/manage-order",
  "/add-product": "/dashboard/add-product",
  "/make-admin": "/dashboard/make-admin",
  "/manage-product": "/dashboard/manage-product",
};
