import { z } from "zod";

import { checkboxField, idField, optionalText, requiredText } from "./common";

// Punchout's forms (issue 52): staff's connection for a company, and what SAP's OCI entry sends.

export const PUNCHOUT_PROTOCOLS = ["cxml", "oci"] as const;

/** Staff keep a company's connection to its procurement system on the company's page. */
export const PunchoutConnectionSchema = z.object({
  intent: z.literal("punchout-connection"),
  protocol: z.enum(PUNCHOUT_PROTOCOLS, { errorMap: () => ({ message: "Choose cXML or SAP OCI" }) }),
  /** cXML's credential domain ("NetworkId", "DUNS"); OCI's client name, for staff's reference. */
  domain: requiredText("the credential's domain (NetworkId, DUNS; for OCI, the SAP client)", 60),
  identity: requiredText("the identity the system sends (for OCI, its USERNAME)", 120),
  systemName: optionalText("the system's name", 60).transform((name) => name || "your procurement system"),
  actingUserId: idField.optional().transform((id) => id ?? null),
  membersFromEmail: checkboxField,
  newSecret: checkboxField,
});

export const RemovePunchoutSchema = z.object({ intent: z.literal("remove-punchout") });

/** A web address a browser may be sent to: http or https, nothing else. */
const webAddress = z
  .string({ required_error: "HOOK_URL is missing: SAP sends the address the cart goes back to." })
  .trim()
  .max(2000, "HOOK_URL is longer than 2000 characters.")
  .refine((text) => {
    try {
      return ["http:", "https:"].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  }, "HOOK_URL must be an http or https address.");

/** OCI's entry fields (their names as SAP sends them, read without case). */
export const OciEntrySchema = z.object({
  USERNAME: z.string({ required_error: "USERNAME is missing." }).trim().min(1, "USERNAME is missing.").max(120),
  PASSWORD: z.string({ required_error: "PASSWORD is missing." }).max(200),
  HOOK_URL: webAddress,
  "~TARGET": z.string().max(40).optional(),
  EMAIL: z.string().trim().email().max(254).optional().catch(undefined),
});
