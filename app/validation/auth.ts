import { z } from "zod";

import { isPlainText } from "./common";

/** The original shop's rule; PASSWORD_MIN_LENGTH may ask for more of new passwords, never less. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

// Local part, @, a domain, and a top-level domain of 2 to 6 letters (the original store's rule).
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}$/;

export const emailField = z
  .string({ required_error: "Enter Your Email", invalid_type_error: "Enter Your Email" })
  .trim()
  .min(1, "Enter Your Email")
  .max(254, "Email Not Valid")
  .regex(EMAIL_PATTERN, "Email Not Valid");

const passwordRequired = z.string({
  required_error: "Enter Your Password",
  invalid_type_error: "Enter Your Password",
});

/** A password's length rules, with the shop's minimum (the page is given it by its loader). */
export function newPasswordRule(minLength: number) {
  return passwordRequired
    .min(minLength, `Password must be at least ${minLength} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

/**
 * The original minimum: what sign-in holds a typed password to (no account ever had a shorter one,
 * whatever PASSWORD_MIN_LENGTH says today, so a shorter attempt never reaches the hash).
 */
export const newPasswordField = newPasswordRule(PASSWORD_MIN_LENGTH);

export const SignInSchema = z.object({
  email: emailField,
  // Sign-in applies the same length rules so a malformed attempt never reaches the hash.
  password: newPasswordField,
  redirectTo: z.string().max(2048, "That return address is too long").optional(),
});

const SignUpNameField = z
  .string({ required_error: "Enter Your Name", invalid_type_error: "Enter Your Name" })
  .trim()
  .min(1, "Enter Your Name")
  .max(80, "Name must be at most 80 characters")
  .refine(isPlainText, "Name contains characters that are not allowed");

export const signUpSchema = (passwordMinLength: number) =>
  z.object({
    name: SignUpNameField,
    email: emailField,
    password: newPasswordRule(passwordMinLength),
    redirectTo: z.string().max(2048, "That return address is too long").optional(),
  });

export const ForgotPasswordSchema = z.object({ email: emailField });

/** The token of a link sent by mail (reset, email proof), as `randomToken` makes it. */
const emailLinkToken = (message: string) =>
  z.string({ required_error: message }).regex(/^[A-Za-z0-9_-]{20,100}$/, message);

const ResetTokenField = emailLinkToken("This link is not complete");

export const resetPasswordSchema = (passwordMinLength: number) =>
  z.object({ password: newPasswordRule(passwordMinLength), token: ResetTokenField });

/** Whether a reset link's token is well formed (the page checks before asking the database). */
export const isWellFormedResetToken = (token: string) => ResetTokenField.safeParse(token).success;

/** A mailed link (reset, proof) that is unknown, expired or already used. */
export const UNUSABLE_EMAIL_LINK = "This link has expired or was already used.";
export const EmailProofToken = emailLinkToken(UNUSABLE_EMAIL_LINK);

/** The email proof page: Confirm (with the link's token) or Send the link again. */
export const VerifyEmailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm"), token: EmailProofToken }),
  z.object({ intent: z.literal("resend") }),
]);

/** The link to the old address that stops a change of email address. */
export const CancelEmailChangeSchema = z.object({ token: EmailProofToken });
