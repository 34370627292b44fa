import { type AppLoadContext, createCookie, redirect } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";

import { config } from "~/config/env.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { linkGoogleAndTell, signInWithGoogle } from "~/services/account-security.server";
import { redirectWithFlash } from "~/web/flash.server";

import { recoveredMessage } from "./account-recovery.server";
import { authenticator, clearOAuthStateCookie, GOOGLE_NOT_CONFIGURED, isGoogleEnabled } from "./authenticator.server";
import { createUserSession, getCurrentUser } from "./session.server";

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

export function backToSignIn(message: string, headers?: HeadersInit) {
  return redirectWithFlash("/sign-in", { kind: "error", message }, { headers });
}

/**
 * Sends the visitor to Google (remix-auth throws the redirect, with the OAuth state in its cookie).
 * The caller has checked the form: for a link, that the signed-in account's password was given.
 */
export async function redirectToGoogle(request: Request, intent: OAuthIntent) {
  if (!isGoogleEnabled) return backToSignIn(GOOGLE_NOT_CONFIGURED);
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
  // The state is spent whatever happens next: cleared on every callback, with the intent.
  const clearing = new Headers();
  clearing.append("Set-Cookie", await clearOAuthStateCookie());
  clearing.append("Set-Cookie", await intentCookie.serialize("", { maxAge: 0 }));
  if (!isGoogleEnabled) return backToSignIn(GOOGLE_NOT_CONFIGURED, clearing);
  const intent = await readIntent(request);
  let authenticated;
  try {
    authenticated = await authenticator.authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof Response) {
      clearing.forEach((value, name) => error.headers.append(name, value));
      throw error;
    }
    if (error instanceof AuthorizationError) {
      console.warn("Google sign-in failed:", error.message, error.cause);
      return backToSignIn("Google sign-in did not complete. Please try again.", clearing);
    }
    throw error;
  }
  if (!("google" in authenticated)) throw new Error("The Google strategy returned no Google identity");
  const identity = authenticated.google;

  if (intent.mode === "link") {
    const current = await getCurrentUser(request);
    if (!current) return backToSignIn("Sign in first, then link Google from My Profile.", clearing);
    const linked = await linkGoogleAndTell(current, identity);
    const message = linked
      ? {
          kind: "success" as const,
          message: `Google account ${identity.email} linked. You can now sign in with Google.`,
        }
      : { kind: "error" as const, message: "That Google account is already linked to another account here." };
    return redirectWithFlash("/dashboard/my-profile", message, { headers: clearing });
  }

  const outcome = await signInWithGoogle(identity);
  if (!outcome.ok) {
    const message =
      outcome.reason === "unverified-google-email"
        ? "Your Google email address is not verified."
        : "Google sign-in did not complete. Please try again.";
    return backToSignIn(message, clearing);
  }
  return createUserSession(outcome.user, {
    request,
    context,
    redirectTo: outcome.recovered ? "/dashboard/my-profile" : intent.returnTo,
    headers: clearing,
    flash: outcome.recovered
      ? recoveredMessage(outcome.recovered, {
          how: `Google confirmed that ${outcome.user.email} is yours.`,
          choosePassword: "when you want one",
        })
      : undefined,
  });
}
