import { z } from "zod";

import { emailField } from "./auth";

export const AdminRoleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("promote"), email: emailField }),
  z.object({ intent: z.literal("demote"), email: emailField }),
]);
