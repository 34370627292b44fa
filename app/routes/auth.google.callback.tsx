import type { LoaderFunctionArgs } from "@remix-run/node";

import { finishGoogleSignIn } from "~/auth/oauth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return finishGoogleSignIn(request, context);
}
