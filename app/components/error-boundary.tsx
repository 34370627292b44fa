import { type ErrorResponse, isRouteErrorResponse, useRouteError } from "@remix-run/react";

import { AppLink } from "~/components/app-link";

export const NOT_FOUND_TEXT = "The page you are looking for is not valid!";

function describe(error: unknown) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { title: "Page not found", message: NOT_FOUND_TEXT };
    if (error.status === 403) {
      return {
        title: "Not allowed",
        message: typeof error.data === "string" ? error.data : "You are not allowed to open this page.",
      };
    }
    if (error.status < 500) {
      return {
        title: "Something is not right",
        message: typeof error.data === "string" ? error.data : error.statusText,
      };
    }
  }
  // Server errors never show details: they are logged on the server, not sent to the visitor.
  return {
    title: "Something went wrong",
    message: "We could not load this page. Please try again in a moment.",
  };
}

type Words = { title: string; message: string };
/** A route's own words for a status it answers (an unknown post is not an unknown page). */
export type StatusHandlers = Partial<Record<number, (error: ErrorResponse) => Words>>;

/**
 * One error page for every route: what went wrong in plain words, and a way back. Four route modules
 * render it as their boundary: the root, the dashboard layout (inside its side menu), and the product
 * and blog-post pages, which pass statusHandlers for their own words on a 404. Every other route
 * falls back to the nearest of these.
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: StatusHandlers }) {
  const error = useRouteError();
  const handler = isRouteErrorResponse(error) ? statusHandlers?.[error.status] : undefined;
  const { title, message } = handler && isRouteErrorResponse(error) ? handler(error) : describe(error);
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <AppLink to="/" className="mt-8 inline-block font-semibold text-orange-800 underline">
        Back to the shop
      </AppLink>
    </section>
  );
}
