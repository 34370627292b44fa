import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CheckboxField, Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { CreatePriceListSchema, PriceListActionSchema } from "~/validation/price-lists";
import type { FormReply } from "~/web/form-action.server";

/** Whether a reply belongs to the form of this intent (a page holds several). */
function replyFor(reply: FormReply | undefined, intent: string) {
  return (reply?.initialValue as { intent?: string } | undefined)?.intent === intent ? reply : undefined;
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

/** A rule: a part's net price (with its own breaks), or a percentage off a category or all parts. */
export function AddRuleForm({
  reply,
  categories,
}: {
  reply: FormReply | undefined;
  categories: { slug: string; name: string }[];
}) {
  const [form, fields] = useZodForm(PriceListActionSchema, {
    id: "price-list-rule",
    lastResult: replyFor(reply, "add-rule"),
  });
  const ruleFields = fields as unknown as Record<
    "partNumber" | "unitPrice" | "breaks" | "category" | "percentOff",
    typeof fields.intent
  >;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label="Add a rule"
      className="mt-4 grid max-w-3xl gap-3 md:grid-cols-3"
    >
      <Field label="Part number" meta={ruleFields.partNumber} />
      <Field label="Net unit price" meta={ruleFields.unitPrice} inputProps={{ inputMode: "decimal" }} />
      <Field
        label="Its quantity breaks (optional)"
        meta={ruleFields.breaks}
        hint="quantity:price, separated by commas: 20:19.00, 50:17.50"
      />
      <p className="text-sm text-slate-700 md:col-span-3">
        Or a percentage off list price, for a category or for every part:
      </p>
      <SelectField
        label="Category"
        meta={ruleFields.category}
        placeholder="All parts"
        options={categories.map((category) => ({ value: category.slug, label: category.name }))}
      />
      <Field label="Percent off" meta={ruleFields.percentOff} inputProps={{ inputMode: "decimal" }} />
      <div className="md:col-span-3">
        <FormErrors form={form} />
        <StatusButton name="intent" value="add-rule" pendingText="Adding…">
          Add rule
        </StatusButton>
      </div>
    </Form>
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
  const [form, fields] = useZodForm(PriceListActionSchema, {
    id: "price-list-assign",
    lastResult: replyFor(reply, "assign"),
    defaultValue: { priority: "0" } as never,
  });
  const assignFields = fields as unknown as Record<"companyId" | "email" | "priority", typeof fields.intent>;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      aria-label="Assign the list"
      className="mt-4 grid max-w-3xl gap-3 md:grid-cols-3"
    >
      <SelectField
        label="Company"
        meta={assignFields.companyId}
        placeholder="None: a customer by email"
        options={companies.map((company) => ({ value: String(company.id), label: company.name }))}
      />
      <Field label="Or a customer's email" meta={assignFields.email} type="email" />
      <Field
        label="Priority"
        meta={assignFields.priority}
        hint="A higher number is consulted first."
        inputProps={{ inputMode: "numeric" }}
      />
      <div className="md:col-span-3">
        <FormErrors form={form} />
        <StatusButton name="intent" value="assign" pendingText="Assigning…">
          Assign
        </StatusButton>
      </div>
    </Form>
  );
}
