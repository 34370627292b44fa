import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useFormatPrice } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { AcceptQuoteSchema } from "~/validation/quote";

/**
 * Accept: the order's address, phone and PO number, as checkout takes them, and the total the page
 * shows (a total changed by staff since is refused, not charged).
 */
export function AcceptQuoteForm({
  totalCents,
  defaults,
  lastResult,
}: {
  totalCents: number;
  defaults: { address: string; phone: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const formatPrice = useFormatPrice();
  const [form, fields] = useZodForm(AcceptQuoteSchema, { id: "accept-quote", lastResult, defaultValue: defaults });
  return (
    <section aria-labelledby="accept-heading" className="mt-8 max-w-xl print:hidden">
      <h2 id="accept-heading" className="text-lg font-semibold">
        Accept this quote
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Accepting places the order at the quoted prices: {formatPrice(totalCents)} with shipping and tax.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
        <input type="hidden" name={fields.expectedTotal.name} value={totalCents} />
        <Field label="Shipping address" meta={fields.address} inputProps={{ autoComplete: "street-address" }} />
        <Field label="Phone" meta={fields.phone} type="tel" inputProps={{ autoComplete: "tel" }} />
        <Field
          label="Purchase order number (optional)"
          meta={fields.poNumber}
          hint="Shown on the order for your accounts team."
        />
        <FormErrors form={form} />
        <StatusButton name="intent" value="accept" pendingText="Placing your order…">
          Accept and place order
        </StatusButton>
      </Form>
    </section>
  );
}
