import { z } from "zod";

import { idField, requiredText } from "./common";

export const CreateApiKeySchema = z.object({
  intent: z.literal("create"),
  name: requiredText("a name for the key", 80),
});

export const RevokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: idField,
});

/** The dashboard's API keys page: create a key, or revoke one. */
export const ApiKeyActionSchema = z.discriminatedUnion("intent", [CreateApiKeySchema, RevokeApiKeySchema]);
