import { createCookie, redirect } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";
import { sessionSecrets } from "~/utils/env.server";
import { readForm } from "~/utils/request.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { authenticator, GOOGLE_NOT_CONFIGURED, isGoogleEnabled } from "./authenticator.server";
import { createUserSession } from "./guards.server";
import { flashHeaders } from "./session.server";

// Where to land after the provider sends the visitor back; lives only for the round trip.
const returnToCookie = createCookie("oauth_return_to", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth",
  maxAge: 10 * 60,
  secure: process.env.NODE_ENV === "production",
  secrets: sessionSecrets(),
});

async function backToSignIn(request: Request, message: string) {
  return redirect("/sign-in", {
    headers: await flashHeaders(request, { kind: "error", message }),
  });
}

/** Sends the visitor to Google (remix-auth throws the redirect, with the OAuth state in the session). */
export async function startGoogleSignIn(request: Request) {
  const form = await readForm(request);
  if (!isGoogleEnabled) return backToSignIn(request, GOOGLE_NOT_CONFIGURED);
  const returnTo = safeRedirect(form.get("redirectTo"));
  try {
    // remix-auth copies the request, which needs an unread body; the strategy needs only the URL and cookie.
    await authenticator.authenticate("google", new Request(request.url, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response) {
      thrown.headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
      return thrown;
    }
    throw thrown;
  }
  return redirect("/");
}

export async function finishGoogleSignIn(request: Request) {
  if (!isGoogleEnabled) return backToSignIn(request, GOOGLE_NOT_CONFIGURED);
  try {
    const user = await authenticator.authenticate("google", request, { throwOnError: true });
    const returnTo = await returnToCookie.parse(request.headers.get("Cookie"));
    const response = await createUserSession(user, typeof returnTo === "string" ? returnTo : "/");
    response.headers.append("Set-Cookie", await returnToCookie.serialize("", { maxAge: 0 }));
    return response;
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AuthorizationError) {
      console.warn("Google sign-in failed:", error.message, error.cause);
      return backToSignIn(request, "Google sign-in did not complete. Please try again.");
    }
    throw error;
  }
}
