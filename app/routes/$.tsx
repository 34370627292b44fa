import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LEGACY_PATHS } from "~/lib/legacy-paths";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Page not found")];

// Every unknown path lands here: the old site's addresses redirect to their pages, the rest is a 404.
// One route for all of them keeps the route table, which Remix walks on every request, short.
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const target = LEGACY_PATHS[url.pathname.replace(/\/+$/, "") || "/"];
  if (target) throw redirect(`${target}${url.search}`, 301);
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <GeneralErrorBoundary />;
}
