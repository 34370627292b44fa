import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import type { User } from "~/db/schema";
import { findOrCreateGoogleUser, getUserByEmail } from "~/models/user.server";
import { googleConfig } from "~/utils/env.server";
import { verifyAgainstDummy, verifyPassword } from "./password.server";
import { sessionStorage } from "./session.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured on this server.";

/**
 * remix-auth runs the strategies; our own code writes the session (see createUserSession), so the
 * cookie holds only the user id and session version and every request reads the rest from the database.
 */
export const authenticator = new Authenticator<User>(sessionStorage);

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
    return user;
  }),
  "form",
);

/** GoogleStrategy hard-codes Google's endpoints; tests point them at a fake provider on loopback. */
class ConfigurableGoogleStrategy extends GoogleStrategy<User> {
  constructor(
    config: NonNullable<ReturnType<typeof googleConfig>>,
    verify: ConstructorParameters<typeof GoogleStrategy<User>>[1],
  ) {
    super(
      { clientID: config.clientID, clientSecret: config.clientSecret, callbackURL: config.callbackURL },
      verify,
    );
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
      return findOrCreateGoogleUser({
        sub: raw.sub,
        email: raw.email,
        emailVerified: raw.email_verified === true || raw.email_verified === "true",
        displayName: profile.displayName,
      });
    }),
    "google",
  );
}
