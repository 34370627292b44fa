import { type AppLoadContext, createCookie, redirect } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";

import { config } from "~/config/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { linkGoogleAccount, signInWithGoogle } from "~/models/user.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/request.server";

import { authenticator, GOOGLE_NOT_CONFIGURED, isGoogleEnabled } from "./authenticator.server";
import { createUserSession, getCurrentUser } from "./session.server";

export const LINK_GOOGLE_FROM_PROFILE =
  "An account already uses this email. Sign in with your password, then link Google from My Profile.";

/** Where to land after the provider sends the visitor back, and whether this is a sign-in or a link. */
type OAuthIntent = { returnTo: string; mode: "sign-in" | "link" };

const intentCookie = createCookie("oauth_intent", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth",
  maxAge: 10 * 60,
  secure: config().production,
  secrets: config().sessionSecrets,
});

async function readIntent(request: Request): Promise<OAuthIntent> {
  const value = (await intentCookie.parse(request.headers.get("Cookie"))) as Partial<OAuthIntent> | null;
  return { returnTo: safeRedirect(value?.returnTo), mode: value?.mode === "link" ? "link" : "sign-in" };
}

function backToSignIn(message: string, headers?: HeadersInit) {
  return redirectWithFlash("/sign-in", { kind: "error", message }, { headers });
}

/**
 * Sends the visitor to Google (remix-auth throws the redirect, with the OAuth state in its cookie).
 * `intent=link` from My Profile links Google to the signed-in account instead of signing in.
 */
export async function startGoogleSignIn(request: Request) {
  const form = await readForm(request);
  if (!isGoogleEnabled) return backToSignIn(GOOGLE_NOT_CONFIGURED);
  const mode = form.get("intent") === "link" ? "link" : "sign-in";
  if (mode === "link" && !(await getCurrentUser(request))) throw redirect("/sign-in?redirectTo=/dashboard/my-profile");
  const intent: OAuthIntent = { returnTo: safeRedirect(form.get("redirectTo")), mode };
  try {
    // remix-auth copies the request, which needs an unread body; the strategy needs only the URL and cookie.
    await authenticator.authenticate("google", new Request(request.url, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response) {
      thrown.headers.append("Set-Cookie", await intentCookie.serialize(intent));
      return thrown;
    }
    throw thrown;
  }
  return redirect("/");
}

export async function finishGoogleSignIn(request: Request, context: AppLoadContext) {
  if (!isGoogleEnabled) return backToSignIn(GOOGLE_NOT_CONFIGURED);
  const intent = await readIntent(request);
  const clearIntent = { "Set-Cookie": await intentCookie.serialize("", { maxAge: 0 }) };
  let authenticated;
  try {
    authenticated = await authenticator.authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AuthorizationError) {
      console.warn("Google sign-in failed:", error.message, error.cause);
      return backToSignIn("Google sign-in did not complete. Please try again.", clearIntent);
    }
    throw error;
  }
  if (!("google" in authenticated)) throw new Error("The Google strategy returned no Google identity");
  const identity = authenticated.google;

  if (intent.mode === "link") {
    const current = await getCurrentUser(request);
    if (!current) return backToSignIn("Sign in first, then link Google from My Profile.", clearIntent);
    const linked = await linkGoogleAccount(current.id, identity);
    const message = linked.ok
      ? {
          kind: "success" as const,
          message: `Google account ${identity.email} linked. You can now sign in with Google.`,
        }
      : { kind: "error" as const, message: "That Google account is already linked to another account here." };
    return redirectWithFlash("/dashboard/my-profile", message, { headers: clearIntent });
  }

  const outcome = await signInWithGoogle(identity);
  if (!outcome.ok) {
    const message =
      outcome.reason === "unverified-google-email"
        ? "Your Google email address is not verified."
        : LINK_GOOGLE_FROM_PROFILE;
    return backToSignIn(message, clearIntent);
  }
  return createUserSession(outcome.user, { request, context, redirectTo: intent.returnTo, headers: clearIntent });
}
