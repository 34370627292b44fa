import { z } from "zod";

import { emailField, newPasswordField } from "./auth";
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

export const PasswordChangeSchema = z.object({
  intent: z.literal("password"),
  currentPassword: z
    .string({ required_error: "Enter Your Password", invalid_type_error: "Enter Your Password" })
    .max(128, "Password must be at most 128 characters"),
  newPassword: newPasswordField,
});

/** A new email address: it takes effect when the link sent to it is followed. */
export const EmailChangeSchema = z.object({
  intent: z.literal("email"),
  email: emailField,
  currentPassword: PasswordChangeSchema.shape.currentPassword,
});

export const SignOutEverywhereSchema = z.object({
  intent: z.literal("sign-out-everywhere"),
  /** Also revoke the API keys the account made (programs signed in as it). */
  revokeApiKeys: z.boolean().optional(),
});

export const EndSessionSchema = z.object({
  intent: z.literal("end-session"),
  sessionId: z.string({ required_error: "Choose a session" }).regex(/^[0-9a-f]{64}$/, "Choose a session"),
});

/** Everything My Profile posts, told apart by `intent`. */
export const ProfileActionSchema = z.discriminatedUnion("intent", [
  ProfileSchema,
  PasswordChangeSchema,
  EmailChangeSchema,
  SignOutEverywhereSchema,
  EndSessionSchema,
]);
