import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { z } from "zod";

import { FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { MAX_QUOTE_NOTE, quoteNoteField } from "~/validation/quote";

const RequestQuoteSchema = z.object({ intent: z.literal("request-quote"), note: quoteNoteField });

/** The reply the cart's action gave this form, told apart from its line forms' by the intent posted. */
export function requestQuoteReplyOf<Reply extends SubmissionResult<string[]>>(reply: Reply | undefined) {
  return reply?.initialValue?.intent === "request-quote" ? reply : undefined;
}

/**
 * "Request a quote" under the cart: its lines go to staff, who price them; the cart stays as it is.
 * For quantities where the list price and its breaks are not the last word.
 */
export function RequestQuoteForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(RequestQuoteSchema, { id: "request-quote", lastResult });
  return (
    <section
      aria-labelledby="request-quote-heading"
      className="mt-10 max-w-xl rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="request-quote-heading" className="text-lg font-semibold">
        Request a quote
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Buying in quantity? Send these lines to our sales team and we will email you our best prices and how long they
        hold. Your cart stays as it is.
      </p>
      <Form method="post" action="/cart" {...getFormProps(form)} noValidate className="mt-4 space-y-3">
        <TextareaField
          label="What is the quote for?"
          meta={fields.note}
          textareaProps={{
            rows: 3,
            maxLength: MAX_QUOTE_NOTE,
            placeholder: "Quantities over the year, delivery dates, drawings, alternatives…",
          }}
        />
        <FormErrors form={form} />
        <StatusButton name="intent" value="request-quote" variant="secondary" pendingText="Sending your request…">
          Request a quote
        </StatusButton>
      </Form>
    </section>
  );
}
