import { z } from "zod";
import { newPasswordField } from "./auth";
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

export const SignOutEverywhereSchema = z.object({ intent: z.literal("sign-out-everywhere") });
