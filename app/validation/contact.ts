import { z } from "zod";

import { emailField } from "./auth";
import { requiredText } from "./common";

export const CONTACT_MESSAGE_MAX = 2000;
export const MESSAGE_SENT = "Message sent, thank you";

/** The field bots fill in and people never see; see routes/contact.tsx. */
export const HONEYPOT_FIELD = "website";

export const ContactSchema = z.object({
  name: requiredText("your name", 80),
  email: emailField,
  message: requiredText("a message", CONTACT_MESSAGE_MAX),
  [HONEYPOT_FIELD]: z.string().max(2048).optional(),
});
