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
  const [form, fields] = useForm<z.input<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  subscribeToWhatFieldsShow(form);
  return [form, fields] as const;
}

/**
 * conform re-renders a form only for the state its last render read, and it forgets that list at
 * the start of each render of the component that calls useForm. The fields' messages and keys are
 * read further down, by Field and its kin. React can pause a render between the two: Remix renders
 * its navigations, revalidations and route discovery as transitions. A submit refused during that
 * pause records its errors with nobody listening. React then finishes the render from the state it
 * started with, and it checks the store again only when the form's own snapshot has changed. So the
 * field is focused and its message never appears (the address book's browser test saw exactly this
 * now and then). Reading every error and the form's key here, in the render that reset the list,
 * keeps the form subscribed to both whatever React pauses.
 */
function subscribeToWhatFieldsShow(form: { allErrors: unknown; key: unknown }) {
  void form.allErrors;
  void form.key;
}
