import { z } from "zod";

import { COMPANY_ROLES } from "~/lib/companies";
import { formatPeppolId, readPeppolId } from "~/lib/peppol-id";
import { cleanGbVatNumber, validGbVatNumber } from "~/lib/vat-number";

import { emailField } from "./auth";
import { checkboxField, idField, requiredText, wholeNumberField } from "./common";
import { PunchoutConnectionSchema, RemovePunchoutSchema } from "./punchout";

// Company accounts' forms (issue 27): staff's companies and terms, a company admin's members and
// invitations, and an approver's decisions.

/** The largest amount a limit may be, in whole units of the store's currency. */
export const MAX_LIMIT_UNITS = 10_000_000;

/** A GB VAT number as people type it ("gb 999 9999 73"), kept cleaned ("GB999999973"); blank is none. */
export const vatNumberField = z
  .string({ invalid_type_error: "Enter a VAT number" })
  .trim()
  .max(30, "A VAT number is GB and 9 or 12 digits")
  .optional()
  .transform((text, context) => {
    if (!text) return null;
    if (!cleanGbVatNumber(text)) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a GB VAT number: GB and 9 or 12 digits" });
      return z.NEVER;
    }
    const valid = validGbVatNumber(text);
    if (!valid) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: "This is not a valid GB VAT number: its check digits do not match. Check it against the certificate.",
      });
      return z.NEVER;
    }
    return valid;
  });

/** A Peppol participant identifier ("0088:5790000435968"), checked by its scheme; blank is none. */
export const peppolIdField = z
  .string({ invalid_type_error: "Enter a Peppol ID" })
  .trim()
  .max(60, "A Peppol ID is a four-digit scheme, a colon and at most 50 characters")
  .optional()
  .transform((text, context) => {
    if (!text) return null;
    const read = readPeppolId(text);
    if (read.ok) return formatPeppolId(read.id);
    context.addIssue({ code: z.ZodIssueCode.custom, message: `A Peppol ID ${read.reason}` });
    return z.NEVER;
  });

/** An amount in whole units of the store's currency, kept in cents. */
function wholeAmountField(label: string) {
  return wholeNumberField({
    min: 0,
    max: MAX_LIMIT_UNITS,
    required: `Enter ${label}`,
    notWhole: `${label[0].toUpperCase()}${label.slice(1)} must be a whole amount, such as 5000`,
    tooMany: `${label[0].toUpperCase()}${label.slice(1)} must be at most ${MAX_LIMIT_UNITS}`,
  }).transform((units) => units * 100);
}

/** A spending limit: blank is no limit. */
function optionalLimitField(label: string) {
  return wholeAmountField(label)
    .optional()
    .transform((cents) => cents ?? null);
}

const roleField = z.enum(COMPANY_ROLES, {
  errorMap: () => ({ message: "Choose a role: buyer, approver or company admin" }),
});

/** Days an invoice has: blank is not on account (orders are paid against a pro-forma invoice). */
const termsField = wholeNumberField({
  min: 1,
  max: 120,
  notWhole: "Payment terms must be a whole number of days",
  tooFew: "Payment terms must be at least 1 day",
  tooMany: "Payment terms must be at most 120 days",
})
  .optional()
  .transform((days) => days ?? null);

const companyTermsFields = {
  name: requiredText("the company's name", 120),
  vatNumber: vatNumberField,
  peppolId: peppolIdField,
  eInvoiceByMail: checkboxField,
  paymentTermsDays: termsField,
  creditLimit: wholeAmountField("a credit limit"),
};

/** Staff create a company around an existing account, its first company admin. */
export const CreateCompanySchema = z.object({
  intent: z.literal("create"),
  ...companyTermsFields,
  adminEmail: emailField,
});

export const UpdateCompanySchema = z.object({ intent: z.literal("update"), ...companyTermsFields });

const memberLimitFields = {
  role: roleField,
  orderLimit: optionalLimitField("a limit per order"),
  monthlyLimit: optionalLimitField("a monthly limit"),
};

/** Staff add an account that exists to a company. */
export const AddMemberSchema = z.object({ intent: z.literal("add-member"), email: emailField, ...memberLimitFields });

/** A company admin invites someone by email, with the role and limits they will have. */
export const InviteMemberSchema = z.object({ intent: z.literal("invite"), email: emailField, ...memberLimitFields });

export const UpdateMemberSchema = z.object({
  intent: z.literal("update-member"),
  userId: idField,
  ...memberLimitFields,
});

export const RemoveMemberSchema = z.object({ intent: z.literal("remove-member"), userId: idField });

/** Staff's page for one company: its terms, its members and its punchout connection. */
export const ManageCompanyActionSchema = z.discriminatedUnion("intent", [
  UpdateCompanySchema,
  AddMemberSchema,
  UpdateMemberSchema,
  RemoveMemberSchema,
  PunchoutConnectionSchema,
  RemovePunchoutSchema,
]);

/** A company admin's page: invitations and members. */
export const CompanyActionSchema = z.discriminatedUnion("intent", [
  InviteMemberSchema,
  UpdateMemberSchema,
  RemoveMemberSchema,
]);

/** An approver's decision on an order awaiting approval. */
export const ApprovalSchema = z.object({ intent: z.enum(["approve", "reject"]), orderId: idField });

/** Accepting an emailed invitation (a POST, so a mail scanner that follows the link joins nobody). */
export const JoinCompanySchema = z.object({ token: requiredText("the invitation's token", 100) });
