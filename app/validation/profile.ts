import { z } from "zod";

import { emailField, newPasswordRule, PASSWORD_MIN_LENGTH } from "./auth";
import { optionalText, requiredText } from "./common";

export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  displayName: requiredText("your name", 80),
  phone: z
    .string()
    .trim()
    .max(25, "Phone number must be at most 25 characters")
    .regex(/^\+?[0-9 ()\-.]{6,24}$/, "Enter a phone number with digits, spaces, dashes or brackets")
    .optional(),
  address: optionalText("address", 300),
  company: optionalText("company", 120),
});

/** The account's password, asked before a change that a stolen session must not make. */
export const currentPasswordField = z
  .string({ required_error: "Enter Your Password", invalid_type_error: "Enter Your Password" })
  .max(128, "Password must be at most 128 characters");

export const passwordChangeSchema = (passwordMinLength: number) =>
  z.object({
    intent: z.literal("password"),
    currentPassword: currentPasswordField,
    newPassword: newPasswordRule(passwordMinLength),
  });

/** A new email address: it takes effect when the link sent to it is followed. */
export const EmailChangeSchema = z.object({
  intent: z.literal("email"),
  email: emailField,
  currentPassword: currentPasswordField,
});

export const SignOutEverywhereSchema = z.object({
  intent: z.literal("sign-out-everywhere"),
  /** Leave the API keys the account made working: without it, they are revoked with the sessions. */
  keepApiKeys: z.boolean().optional(),
});

export const EndSessionSchema = z.object({
  intent: z.literal("end-session"),
  sessionId: z.string({ required_error: "Choose a session" }).regex(/^[0-9a-f]{64}$/, "Choose a session"),
});

/** Removes Google sign-in from an account that has a password to sign in with instead. */
export const UnlinkGoogleSchema = z.object({
  intent: z.literal("unlink-google"),
  currentPassword: currentPasswordField,
});

/** "Download my data": everything the shop holds about the account, as one file. */
export const ExportDataSchema = z.object({ intent: z.literal("export-data") });

/** "Delete my account": the password, so a browser left signed in cannot erase its owner. */
export const DeleteAccountSchema = z.object({ intent: z.literal("delete-account"), password: currentPasswordField });

/** Everything My Profile posts, told apart by `intent`. */
export const profileActionSchema = (passwordMinLength: number) =>
  z.discriminatedUnion("intent", [
    ProfileSchema,
    passwordChangeSchema(passwordMinLength),
    EmailChangeSchema,
    SignOutEverywhereSchema,
    EndSessionSchema,
    UnlinkGoogleSchema,
    ExportDataSchema,
    DeleteAccountSchema,
  ]);

/** My Profile's forms as the original minimum allows; the page builds its own with the shop's. */
export const ProfileActionSchema = profileActionSchema(PASSWORD_MIN_LENGTH);

/** My Profile's "Link Google account": the password first (a stolen session must not link its thief's Google). */
export const LinkGoogleSchema = z.object({ intent: z.literal("link"), currentPassword: currentPasswordField });

/**
 * `/auth/google`: sign in (the sign-in and sign-up pages' button, which names no intent), or link
 * Google to the signed-in account, which asks for its password first.
 */
export const GoogleStartSchema = z
  .object({
    intent: z.enum(["sign-in", "link"]).default("sign-in"),
    redirectTo: z.string().max(2048, "That return address is too long").optional(),
    currentPassword: currentPasswordField.optional(),
  })
  .superRefine((value, context) => {
    if (value.intent === "link" && value.currentPassword === undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["currentPassword"], message: "Enter Your Password" });
    }
  });
