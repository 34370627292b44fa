import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { ErrorList, FormErrors, StatusButton } from "~/components/forms";
import { useMoneyFormat } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import type { QuoteDetail } from "~/models/quote";
import { sendQuoteSchema } from "~/validation/quote";

import { QuoteLines } from "./quote-lines";

/** Cents as the price field reads them back: 1250 → "12.50". */
function priceText(cents: number | null) {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

/**
 * Staff price every line (the list price beside each) and choose the last day it may be accepted,
 * then Send: the buyer is mailed. The form carries the version it was filled from, so a quote
 * changed or accepted meanwhile is refused rather than overwritten.
 */
export function PriceQuoteForm({
  quote,
  today,
  suggestedValidUntil,
  lastResult,
}: {
  quote: QuoteDetail;
  /** The store's today, from the server: the earliest date allowed. */
  today: string;
  suggestedValidUntil: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = sendQuoteSchema(useMoneyFormat(), today);
  const [form, fields] = useZodForm(schema, {
    id: `price-quote-${quote.id}-${quote.version}`,
    lastResult,
    defaultValue: {
      intent: "send",
      version: quote.version,
      validUntil: quote.status === "sent" && quote.validUntil ? quote.validUntil : suggestedValidUntil,
      lines: quote.lines.map((line) => ({ lineId: line.lineId, unitPrice: priceText(line.quotedPriceCents) })),
    },
  });
  const lines = fields.lines.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="print:hidden">
      <input type="hidden" name={fields.version.name} value={quote.version} />
      <QuoteLines
        quote={quote}
        priceCell={(line, index) => {
          const field = lines[index]?.getFieldset();
          if (!field) return null;
          return (
            <span className="inline-block w-32 text-left">
              <input type="hidden" name={field.lineId.name} value={line.lineId} />
              <label htmlFor={field.unitPrice.id} className="sr-only">
                Quoted price of {line.name}
              </label>
              <input
                {...getInputProps(field.unitPrice, { type: "text" })}
                key={field.unitPrice.key}
                inputMode="decimal"
                autoComplete="off"
                className="w-full rounded-md border border-slate-300 px-2 py-1 text-right aria-[invalid=true]:border-red-600"
              />
              <ErrorList id={field.unitPrice.errorId} errors={field.unitPrice.errors} />
            </span>
          );
        }}
      />
      <div className="mt-6 max-w-xs space-y-1">
        <label htmlFor={fields.validUntil.id} className="block text-sm font-medium text-slate-800">
          Valid until
        </label>
        <input
          {...getInputProps(fields.validUntil, { type: "date" })}
          key={fields.validUntil.key}
          min={today}
          className="w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-600"
        />
        <p className="text-xs text-slate-600">The last day the buyer may accept it, in the store's time zone.</p>
        <ErrorList id={fields.validUntil.errorId} errors={fields.validUntil.errors} />
      </div>
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.lines.errors ?? [])]} />
      <StatusButton name="intent" value="send" className="mt-4" pendingText="Sending…">
        {quote.status === "requested" ? "Send quote" : "Send again"}
      </StatusButton>
    </Form>
  );
}
