import { z } from "zod";

import { parseTemplateLines } from "~/lib/spec-templates";

import { idField } from "./common";

/** The spec templates page: one category's templates as text, and how it reads a decimal comma. */
export const SpecTemplatesSchema = z
  .object({
    intent: z.literal("save"),
    categoryId: idField,
    templates: z.string().max(3000, "At most 3,000 characters").optional(),
    decimalComma: z.boolean().optional(),
  })
  .transform((value, ctx) => {
    const parsed = parseTemplateLines(value.templates ?? "", value.decimalComma ?? false);
    if ("error" in parsed) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["templates"], message: parsed.error });
      return z.NEVER;
    }
    return { categoryId: value.categoryId, templates: parsed.templates };
  });
