import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/**
 * Every form's conform setup: the same zod schema the action parses with validates in the browser,
 * on submit and then on every change (the contract in ARCHITECTURE.md), and the server's answer
 * (`lastResult`) shows its messages, with JavaScript or without.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Record<keyof z.input<Schema>, unknown>>;
  },
) {
  return useForm<z.input<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
