import { z } from "zod";
import { emailField } from "./auth";

export const AdminRoleSchema = z.object({
  intent: z.enum(["promote", "demote"], { message: "Choose promote or demote" }),
  email: emailField,
});
