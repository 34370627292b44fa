import { z } from "zod";
import { emailField } from "./auth";

export const MakeAdminSchema = z.object({ email: emailField });
