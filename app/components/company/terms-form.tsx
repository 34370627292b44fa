import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CheckboxField, Field, FormErrors, StatusButton } from "~/components/forms";
import { useCurrency } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { formatGbVatNumber } from "~/lib/vat-number";
import { CreateCompanySchema, UpdateCompanySchema } from "~/validation/company";
import type { FormReply } from "~/web/form-action.server";

type Terms = {
  name: string;
  vat_number: string | null;
  peppol_id?: string | null;
  e_invoice_by_mail?: number;
  payment_terms_days: number | null;
  credit_limit_cents: number;
};

/** Staff's form for a company's name, VAT number and trade terms: a new company (with its admin) or an existing one. */
export function CompanyTermsForm({ company, reply }: { company?: Terms; reply: FormReply | undefined }) {
  const currency = useCurrency();
  const creating = company === undefined;
  const intent = creating ? "create" : "update";
  const mine = (reply?.initialValue as { intent?: string } | undefined)?.intent === intent;
  const [form, fields] = useZodForm(creating ? CreateCompanySchema : UpdateCompanySchema, {
    id: `company-${intent}`,
    lastResult: mine ? reply : undefined,
    defaultValue: company
      ? {
          name: company.name,
          vatNumber: company.vat_number ? formatGbVatNumber(company.vat_number) : undefined,
          peppolId: company.peppol_id ?? undefined,
          eInvoiceByMail: company.e_invoice_by_mail ? "on" : undefined,
          paymentTermsDays: company.payment_terms_days === null ? undefined : String(company.payment_terms_days),
          creditLimit: String(company.credit_limit_cents / 100),
        }
      : { paymentTermsDays: "30", creditLimit: "0" },
  });
  const createFields = fields as typeof fields & { adminEmail?: (typeof fields)["name"] };
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid max-w-2xl gap-3 md:grid-cols-2">
      <Field label="Company name" meta={fields.name} inputProps={{ autoComplete: "organization" }} />
      <Field label="VAT number (optional)" meta={fields.vatNumber} hint="GB and 9 or 12 digits, e.g. GB 999 9999 73" />
      <Field
        label="Peppol ID (optional)"
        meta={fields.peppolId}
        hint="Where its e-invoices go on the Peppol network: scheme and identifier, e.g. 0088:5790000435968"
      />
      <CheckboxField
        label="Mail e-invoices too"
        meta={fields.eInvoiceByMail}
        hint="The shipped mail carries each invoice's e-invoice (XML) beside its PDF, for an accounts system to read."
      />
      <Field
        label="Payment terms (days)"
        meta={fields.paymentTermsDays}
        hint="Orders on account, invoices due after this many days. Blank: pro-forma invoices, paid before dispatch."
        inputProps={{ inputMode: "numeric" }}
      />
      <Field
        label={`Credit limit (${currency})`}
        meta={fields.creditLimit}
        hint="What open orders and unpaid invoices on account may add up to."
        inputProps={{ inputMode: "numeric" }}
      />
      {creating && createFields.adminEmail ? (
        <Field
          label="Company admin's email"
          meta={createFields.adminEmail}
          type="email"
          hint="An existing customer account: it becomes the company's first admin."
        />
      ) : null}
      <div className="md:col-span-2">
        <FormErrors form={form} />
        <StatusButton name="intent" value={intent} pendingText="Saving…">
          {creating ? "Create company" : "Save terms"}
        </StatusButton>
      </div>
    </Form>
  );
}
