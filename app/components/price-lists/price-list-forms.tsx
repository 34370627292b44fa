import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import { CheckboxField, Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { CreatePriceListSchema, PriceListActionSchema } from "~/validation/price-lists";
import type { FormReply } from "~/web/form-action.server";

/** The reply when it belongs to the form of one of these intents (a page holds several). */
export function replyFor<Reply extends FormReply>(reply: Reply | undefined, ...intents: string[]) {
  const intent = (reply?.initialValue as { intent?: string } | undefined)?.intent;
  return intent !== undefined && intents.includes(intent) ? reply : undefined;
}

/** Staff's form for a new list: its name, the days it prices between, and whether its prices stand when higher. */
export function NewPriceListForm({ reply }: { reply: FormReply | undefined }) {
  const [form, fields] = useZodForm(CreatePriceListSchema, {
    id: "price-list-create",
    lastResult: replyFor(reply, "create"),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid max-w-2xl gap-3 md:grid-cols-2">
      <div className="md:col-span-2">
        <Field label="Name" meta={fields.name} hint="Such as the customer and the year: “Acme Works 2027”." />
      </div>
      <Field label="First day (optional)" meta={fields.validFrom} type="date" />
      <Field label="Last day (optional)" meta={fields.validUntil} type="date" />
      <div className="md:col-span-2">
        <CheckboxField
          label="Fixed even if higher"
          meta={fields.fixedEvenIfHigher}
          hint="Unticked, a buyer pays list price wherever that (with its quantity breaks) is lower than this list's."
        />
        <FormErrors form={form} />
        <StatusButton name="intent" value="create" pendingText="Creating…">
          Create price list
        </StatusButton>
      </div>
    </Form>
  );
}

type ActionFields = ReturnType<typeof useZodForm<typeof PriceListActionSchema>>[1];

/**
 * One of a list page's post forms (a rule, an assignment): its own id, the reply when it is its
 * intent's, the fields it lays out three to a row, its messages and its submit button.
 */
function ListActionForm<Name extends string>({
  intent,
  label,
  button,
  pendingText,
  reply,
  defaultValue,
  children,
}: {
  intent: "add-rule" | "assign";
  label: string;
  button: string;
  pendingText: string;
  reply: FormReply | undefined;
  defaultValue?: Record<string, string>;
  children: (fields: Record<Name, ActionFields["intent"]>) => ReactNode;
}) {
  const [form, fields] = useZodForm(PriceListActionSchema, {
    id: `price-list-${intent}`,
    lastResult: replyFor(reply, intent),
    defaultValue: defaultValue as never,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label={label}
      className="mt-4 grid max-w-3xl gap-3 md:grid-cols-3"
    >
      {children(fields as unknown as Record<Name, ActionFields["intent"]>)}
      <div className="md:col-span-3">
        <FormErrors form={form} />
        <StatusButton name="intent" value={intent} pendingText={pendingText}>
          {button}
        </StatusButton>
      </div>
    </Form>
  );
}

/** A rule: a part's net price (with its own breaks), or a percentage off a category or all parts. */
export function AddRuleForm({
  reply,
  categories,
}: {
  reply: FormReply | undefined;
  categories: { slug: string; name: string }[];
}) {
  return (
    <ListActionForm<"partNumber" | "unitPrice" | "breaks" | "category" | "percentOff">
      intent="add-rule"
      label="Add a rule"
      button="Add rule"
      pendingText="Adding…"
      reply={reply}
    >
      {(fields) => (
        <>
          <Field label="Part number" meta={fields.partNumber} />
          <Field label="Net unit price" meta={fields.unitPrice} inputProps={{ inputMode: "decimal" }} />
          <Field
            label="Its quantity breaks (optional)"
            meta={fields.breaks}
            hint="quantity:price, separated by commas: 20:19.00, 50:17.50"
          />
          <p className="text-sm text-slate-700 md:col-span-3">
            Or a percentage off list price, for a category or for every part:
          </p>
          <SelectField
            label="Category"
            meta={fields.category}
            placeholder="All parts"
            options={categories.map((category) => ({ value: category.slug, label: category.name }))}
          />
          <Field label="Percent off" meta={fields.percentOff} inputProps={{ inputMode: "decimal" }} />
        </>
      )}
    </ListActionForm>
  );
}

/** Assigns the list to a company, or to one customer by email, with a priority. */
export function AssignForm({
  reply,
  companies,
}: {
  reply: FormReply | undefined;
  companies: { id: number; name: string }[];
}) {
  return (
    <ListActionForm<"companyId" | "email" | "priority">
      intent="assign"
      label="Assign the list"
      button="Assign"
      pendingText="Assigning…"
      reply={reply}
      defaultValue={{ priority: "0" }}
    >
      {(fields) => (
        <>
          <SelectField
            label="Company"
            meta={fields.companyId}
            placeholder="None: a customer by email"
            options={companies.map((company) => ({ value: String(company.id), label: company.name }))}
          />
          <Field label="Or a customer's email" meta={fields.email} type="email" />
          <Field
            label="Priority"
            meta={fields.priority}
            hint="A higher number is consulted first."
            inputProps={{ inputMode: "numeric" }}
          />
        </>
      )}
    </ListActionForm>
  );
}
