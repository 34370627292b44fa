import { z } from "zod";

import { emailField } from "./auth";

export const AdminRoleSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("promote"), email: emailField }),
  z.object({ intent: z.literal("demote"), email: emailField }),
]);

/** Staff download a customer's data for one who asks by mail (issue 53): the account's email. */
export const CustomerDataSchema = z.object({ intent: z.literal("export-data"), email: emailField });
