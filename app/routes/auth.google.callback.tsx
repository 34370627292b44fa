import type { LoaderFunctionArgs } from "@remix-run/node";
import { finishGoogleSignIn } from "~/auth/oauth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return finishGoogleSignIn(request);
}
