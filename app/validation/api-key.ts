import { z } from "zod";
import { idField, requiredText } from "./common";

/** The dashboard's API keys page: a name creates a key (the intent may be left out). */
export const CreateApiKeySchema = z.object({
  intent: z.literal("create").optional(),
  name: requiredText("a name for the key", 80),
});

export const RevokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: idField,
});
