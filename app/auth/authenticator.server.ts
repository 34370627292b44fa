import { createCookieSessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";

import { config, googleConfig } from "~/config/env.server";
import type { User } from "~/db/schema";
import { verifyAgainstDummy, verifyPassword } from "~/lib/password.server";
import type { GoogleIdentity } from "~/models/user.server";
import { getUserByEmail } from "~/models/user.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";

/** What a strategy proves: an account (email and password), or a Google identity to look up. */
export type Authenticated = { user: User } | { google: GoogleIdentity };

/**
 * remix-auth keeps the OAuth round trip's state in a session; that lives in its own short cookie
 * on /auth, so the session cookie only ever carries a session id.
 */
const oauthStateStorage = createCookieSessionStorage({
  cookie: {
    name: "__oauth_state",
    httpOnly: true,
    sameSite: "lax",
    path: "/auth",
    maxAge: 10 * 60,
    secure: config().production,
    secrets: config().sessionSecrets,
  },
});

export const authenticator = new Authenticator<Authenticated>(oauthStateStorage);

/**
 * The Set-Cookie that removes the OAuth state: every callback sends it, so a callback's state is
 * never there to be replayed, whether the round trip worked or not.
 */
export async function clearOAuthStateCookie() {
  return oauthStateStorage.destroySession(await oauthStateStorage.getSession());
}

authenticator.use(
  new FormStrategy(async ({ form }) => {
    // The action has already validated the form with SignInSchema.
    const email = String(form.get("email"));
    const password = String(form.get("password"));
    const user = await getUserByEmail(email);
    const valid = user?.password_hash
      ? await verifyPassword(password, user.password_hash)
      : await verifyAgainstDummy(password);
    if (!user || !valid) throw new AuthorizationError(INVALID_CREDENTIALS);
    return { user };
  }),
  "form",
);

/** GoogleStrategy hard-codes Google's endpoints; tests point them at a fake provider on loopback. */
class ConfigurableGoogleStrategy extends GoogleStrategy<Authenticated> {
  constructor(
    config: NonNullable<ReturnType<typeof googleConfig>>,
    verify: ConstructorParameters<typeof GoogleStrategy<Authenticated>>[1],
  ) {
    super({ clientID: config.clientID, clientSecret: config.clientSecret, callbackURL: config.callbackURL }, verify);
    Object.assign(this, {
      authorizationURL: config.authorizationURL,
      tokenURL: config.tokenURL,
      userInfoURL: config.userInfoURL,
    });
  }
}

const google = googleConfig();
export const isGoogleEnabled = google !== null;

if (google) {
  authenticator.use(
    new ConfigurableGoogleStrategy(google, async ({ profile }) => {
      const raw = profile._json as { sub?: string; email?: string; email_verified?: boolean | string };
      if (!raw.sub || !raw.email) throw new AuthorizationError("Google did not share an email address");
      return {
        google: {
          sub: raw.sub,
          email: raw.email,
          emailVerified: raw.email_verified === true || raw.email_verified === "true",
          displayName: profile.displayName,
        },
      };
    }),
    "google",
  );
}
