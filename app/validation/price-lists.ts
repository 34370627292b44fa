import { z } from "zod";

import { emailField } from "./auth";
import { checkboxField, idField, optionalText, requiredText, wholeNumberField } from "./common";
import { MAX_PRICE, MAX_PRICE_BREAKS } from "./product";

// Staff's price lists (issue 50): a list, its rules and whom it prices for.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day typed as YYYY-MM-DD (a date input sends that); blank is open. */
function optionalDay(label: string) {
  return z
    .string({ invalid_type_error: `Enter ${label} as YYYY-MM-DD` })
    .trim()
    .optional()
    .transform((text, context) => {
      if (!text) return null;
      const valid = DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
      if (!valid) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: `Enter ${label} as YYYY-MM-DD, such as 2027-01-01` });
        return z.NEVER;
      }
      return text;
    });
}

export const CreatePriceListSchema = z
  .object({
    intent: z.literal("create"),
    name: requiredText("a name", 120),
    validFrom: optionalDay("the first day"),
    validUntil: optionalDay("the last day"),
    fixedEvenIfHigher: checkboxField,
  })
  .refine((list) => !list.validFrom || !list.validUntil || list.validFrom <= list.validUntil, {
    message: "The last day must be on or after the first",
    path: ["validUntil"],
  });

const MONEY = /^\d{1,7}(?:\.\d{1,2})?$/;

/** A net unit price as staff type it ("19.00"), in cents. */
function cents(text: string) {
  return Math.round(Number(text) * 100);
}

/** "20:19.00, 50:17.50": a rule's own quantity breaks, more units each costing less; blank is none. */
export function parseRuleBreaks(
  text: string,
): { breaks: { minQuantity: number; priceCents: number }[] } | { error: string } {
  const pairs = text
    .split(",")
    .map((pair) => pair.trim())
    .filter(Boolean);
  if (pairs.length > MAX_PRICE_BREAKS) return { error: `At most ${MAX_PRICE_BREAKS} breaks` };
  const breaks: { minQuantity: number; priceCents: number }[] = [];
  for (const pair of pairs) {
    const match = /^(\d{1,6})\s*:\s*(\S+)$/.exec(pair);
    if (!match || !MONEY.test(match[2]))
      return { error: `Write each break as quantity:price, such as 20:19.00 (“${pair}”)` };
    const minQuantity = Number(match[1]);
    const priceCents = cents(match[2]);
    if (minQuantity < 2) return { error: "A break starts at 2 units or more" };
    if (priceCents < 1) return { error: "A break's price must be more than 0" };
    const previous = breaks.at(-1);
    if (previous && minQuantity <= previous.minQuantity)
      return { error: "List the breaks from the fewest units to the most" };
    if (previous && priceCents >= previous.priceCents)
      return { error: "A break for more units must cost less per unit" };
    breaks.push({ minQuantity, priceCents });
  }
  return { breaks };
}

function optionalMoney(label: string) {
  return z
    .string({ invalid_type_error: `Enter ${label}` })
    .trim()
    .optional()
    .transform((text, context) => {
      if (!text) return null;
      if (!MONEY.test(text) || Number(text) > MAX_PRICE || cents(text) < 1) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Enter ${label} like 19.00, more than 0 and at most ${MAX_PRICE}`,
        });
        return z.NEVER;
      }
      return cents(text);
    });
}

/** "12.5" percent off, kept in basis points (1250): more than 0 and at most 100. */
const optionalPercent = z
  .string({ invalid_type_error: "Enter a percentage" })
  .trim()
  .optional()
  .transform((text, context) => {
    if (!text) return null;
    const basisPoints = /^\d{1,3}(?:\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : NaN;
    if (!(basisPoints >= 1 && basisPoints <= 10_000)) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: "Enter a percentage off between 0.01 and 100" });
      return z.NEVER;
    }
    return basisPoints;
  });

const AddRuleFields = z.object({
  intent: z.literal("add-rule"),
  partNumber: optionalText("Part number", 64),
  unitPrice: optionalMoney("a unit price"),
  breaks: z.string().max(400, "At most 400 characters of breaks").optional(),
  category: optionalText("Category", 80),
  percentOff: optionalPercent,
});

/**
 * A rule as typed: `partNumber` with `unitPrice` (and optional `breaks`), or `percentOff` for a
 * `category`, or `percentOff` alone for every part; read into the one shape the model takes.
 */
function ruleOf(rule: z.output<typeof AddRuleFields>, context: z.RefinementCtx) {
  const problem = (message: string, field: string) => {
    context.addIssue({ code: z.ZodIssueCode.custom, message, path: [field] });
    return z.NEVER;
  };
  if (rule.partNumber) {
    if (rule.unitPrice === null) return problem("Enter the part's unit price", "unitPrice");
    if (rule.percentOff !== null || rule.category) {
      return problem("A rule is a part's price or a percentage off, not both", "percentOff");
    }
    const parsed = parseRuleBreaks(rule.breaks ?? "");
    if ("error" in parsed) return problem(parsed.error, "breaks");
    if (parsed.breaks.length && parsed.breaks[0].priceCents >= rule.unitPrice) {
      return problem("A break must cost less per unit than the part's net price", "breaks");
    }
    return {
      intent: rule.intent,
      kind: "part" as const,
      partNumber: rule.partNumber,
      unitPriceCents: rule.unitPrice,
      breaks: parsed.breaks,
    };
  }
  if (rule.percentOff === null) return problem("Enter a part number and its price, or a percentage off", "partNumber");
  return rule.category
    ? { intent: rule.intent, kind: "category" as const, categorySlug: rule.category, percentOffBp: rule.percentOff }
    : { intent: rule.intent, kind: "all" as const, percentOffBp: rule.percentOff };
}

export const MAX_PRIORITY = 1000;

/** A customer by `email`, or a company by `companyId`, with a priority (a higher one is consulted first). */
const AssignFields = z.object({
  intent: z.literal("assign"),
  email: emailField.optional(),
  companyId: idField.optional(),
  priority: wholeNumberField({
    min: 0,
    max: MAX_PRIORITY,
    required: "Enter a priority",
    notWhole: "Priority must be a whole number",
    tooFew: "Priority must be at least 0",
    tooMany: `Priority must be at most ${MAX_PRIORITY}`,
  }),
});

/** The largest rules file an import takes: 50,000 part prices with breaks are about 3 MB. */
export const MAX_PRICE_LIST_FILE_BYTES = 16 * 1024 * 1024;

/** A rules file to check (field `file`): read and compared, nothing changed until applied. */
const CheckImportFields = z.object({
  intent: z.literal("check-import"),
  file: z
    .instanceof(File, { message: "Choose a CSV file of rules" })
    .refine((file) => file.size > 0, "The file is empty: download the rules for a file to start from")
    .refine((file) => file.size <= MAX_PRICE_LIST_FILE_BYTES, "A rules file may be at most 16 MB"),
});
const ApplyImportFields = z.object({ intent: z.literal("apply-import"), importId: idField });
const DiscardImportFields = z.object({ intent: z.literal("discard-import"), importId: idField });

const RemoveRuleFields = z.object({ intent: z.literal("remove-rule"), ruleId: idField });
const RemoveAssignmentFields = z.object({ intent: z.literal("remove-assignment"), assignmentId: idField });
const DuplicateFields = z.object({ intent: z.literal("duplicate") });

/** A list's page: its rules and assignments. */
export const PriceListActionSchema = z
  .discriminatedUnion("intent", [
    AddRuleFields,
    AssignFields,
    RemoveRuleFields,
    RemoveAssignmentFields,
    DuplicateFields,
    CheckImportFields,
    ApplyImportFields,
    DiscardImportFields,
  ])
  .transform((value, context) => {
    if (value.intent === "add-rule") return ruleOf(value, context);
    if (value.intent === "assign" && (value.email === undefined) === (value.companyId === undefined)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: "Choose a company or enter a customer's email, not both",
        path: ["email"],
      });
      return z.NEVER;
    }
    return value;
  });

/**
 * A rule as a rules file's row has it (the add-rule form's fields, read by the same rules): the
 * rule, or the first message that says why not.
 */
export function ruleOfRow(fields: Omit<z.input<typeof AddRuleFields>, "intent">) {
  const parsed = AddRuleFields.transform(ruleOf).safeParse({ ...fields, intent: "add-rule" });
  if (parsed.success) {
    const { intent: _intent, ...rule } = parsed.data;
    return { rule };
  }
  return { problem: parsed.error.issues[0]?.message ?? "This row is not a rule" };
}

/** The add-rule form's, the assign form's and the import form's fields, for their pages to type them. */
export const CheckImportFormSchema = CheckImportFields;
export const AddRuleFormSchema = AddRuleFields;
export const AssignFormSchema = AssignFields;

const PreviewQuerySchema = z
  .object({
    partNumber: requiredText("a part number", 64),
    quantity: wholeNumberField({ min: 1, max: 1_000_000 }),
    email: emailField.optional(),
    companyId: idField.optional(),
  })
  .refine((query) => (query.email === undefined) !== (query.companyId === undefined), {
    message: "Choose a company or enter a customer's email",
  });

/**
 * The preview's question from the page's address (a GET form): a part, a quantity and whom; none
 * asked is no preview, and a question that does not read is said in words, never an error page.
 */
export function previewQuery(params: URLSearchParams) {
  if (!params.has("partNumber")) return { ok: false as const, problem: null };
  const raw = Object.fromEntries(
    ["partNumber", "quantity", "email", "companyId"].flatMap((name) => {
      const value = params.get(name)?.trim();
      return value ? [[name, name === "quantity" || name === "companyId" ? Number(value) || value : value]] : [];
    }),
  );
  const parsed = PreviewQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false as const, problem: parsed.error.issues[0]?.message ?? "Check the question" };
  const { partNumber, quantity, email, companyId } = parsed.data;
  return {
    ok: true as const,
    value: email !== undefined ? { partNumber, quantity, email } : { partNumber, quantity, companyId: companyId! },
  };
}
