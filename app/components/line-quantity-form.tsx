import { Form, useActionData, useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";

import { StatusButton } from "~/components/forms";
import { MAX_ORDER_QUANTITY } from "~/validation/order";
import type { FormReply } from "~/web/form-action.server";

type QuantityLine = { itemId: number; name: string; quantity: number; minOrderQuantity?: number };

/**
 * A cart's or a parts list's quantity on its row, with Update. The server checks it (no browser
 * bubble: the form is `noValidate`), and a refusal marks this row's input invalid and tells why,
 * beside it: from the fetcher's answer with JavaScript, from the page's answer without.
 */
export function LineQuantityForm({
  line,
  fetcher,
  hidden,
}: {
  line: QuantityLine;
  /** Posted by a fetcher to /cart (the cart), or as the page's own form (a parts list). */
  fetcher?: ReturnType<typeof useFetcher<FormReply>>;
  hidden?: ReactNode;
}) {
  const pageReply = useActionData<FormReply>();
  const answeredHere = (reply: FormReply | undefined) =>
    reply?.initialValue?.intent === "update" && reply.initialValue.itemId === String(line.itemId);
  const reply = fetcher?.data ?? (answeredHere(pageReply) ? pageReply : undefined);
  const errors = reply?.error?.quantity ?? (reply ? reply.error?.[""] : undefined);
  const inputId = `quantity-${line.itemId}`;
  const errorId = `${inputId}-error`;
  const FormElement = fetcher ? fetcher.Form : Form;
  return (
    <FormElement
      method="post"
      action={fetcher ? "/cart" : undefined}
      noValidate
      className="inline-flex flex-wrap items-center justify-end gap-2"
    >
      {hidden}
      <input type="hidden" name="itemId" value={line.itemId} />
      <label htmlFor={inputId} className="sr-only">
        Quantity of {line.name}
      </label>
      <input
        id={inputId}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={line.minOrderQuantity ?? 1}
        max={MAX_ORDER_QUANTITY}
        defaultValue={line.quantity}
        key={line.quantity}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
        className="w-20 rounded-md border border-slate-300 px-2 py-1 text-right aria-[invalid=true]:border-red-600"
      />
      <StatusButton
        name="intent"
        value="update"
        variant="secondary"
        className="px-3 py-1"
        disabled={fetcher ? fetcher.state !== "idle" : undefined}
      >
        Update
      </StatusButton>
      {errors?.length ? (
        <span id={errorId} role="alert" className="basis-full text-right text-sm text-red-700">
          {errors.join(" ")}
        </span>
      ) : null}
    </FormElement>
  );
}
