import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { RowActionForm } from "~/components/row-action-form";
import { useFormatPrice } from "~/components/use-money";
import { useZodForm } from "~/components/use-zod-form";
import { COMPANY_ROLE_LABELS, COMPANY_ROLES } from "~/lib/companies";
import type { CompanyDetail } from "~/models/company";
import { AddMemberSchema, InviteMemberSchema, UpdateMemberSchema } from "~/validation/company";
import type { FormReply } from "~/web/form-action.server";

// A company's members as its admins (and staff) manage them: one form per member for role and
// limits, with Remove, and the form that invites (or, for staff, adds) someone.

export const ROLE_OPTIONS = COMPANY_ROLES.map((role) => ({ value: role, label: COMPANY_ROLE_LABELS[role] }));

type Member = CompanyDetail["members"][number];
type Reply = FormReply | undefined;

const wholeUnits = (cents: number | null) => (cents === null ? undefined : String(cents / 100));

/** "No limit", or the amount. */
export function useLimitText() {
  const formatPrice = useFormatPrice();
  return (cents: number | null) => (cents === null ? "No limit" : formatPrice(cents));
}

/** The reply to this member's own form, when the last post was about them. */
function replyFor(reply: Reply, userId: number) {
  const value = reply?.initialValue as { intent?: string; userId?: string } | undefined;
  return value &&
    (value.intent === "update-member" || value.intent === "remove-member") &&
    value.userId === String(userId)
    ? reply
    : undefined;
}

export function MemberForm({ member, reply, currency }: { member: Member; reply: Reply; currency: string }) {
  const lastResult = replyFor(reply, member.id);
  const [form, fields] = useZodForm(UpdateMemberSchema, {
    id: `member-${member.id}`,
    lastResult: lastResult?.initialValue?.intent === "update-member" ? lastResult : undefined,
    defaultValue: {
      userId: member.id,
      role: member.role,
      orderLimit: wholeUnits(member.order_limit_cents),
      monthlyLimit: wholeUnits(member.monthly_limit_cents),
    },
  });
  return (
    <li className="rounded-md border border-slate-200 p-4" data-testid="company-member">
      <p className="font-semibold">
        {member.display_name} <span className="font-normal text-slate-600">({member.email})</span>
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-3 grid gap-3 md:grid-cols-4 md:items-start">
        <input type="hidden" name="userId" value={member.id} />
        <SelectField label="Role" meta={fields.role} options={ROLE_OPTIONS} />
        <Field
          label={`Limit per order (${currency})`}
          meta={fields.orderLimit}
          hint="Blank: no limit"
          inputProps={{ inputMode: "numeric" }}
        />
        <Field
          label={`Monthly limit (${currency})`}
          meta={fields.monthlyLimit}
          hint="Blank: no limit"
          inputProps={{ inputMode: "numeric" }}
        />
        <div className="md:pt-6">
          <StatusButton name="intent" value="update-member" pendingText="Saving…" className="px-3 py-2">
            Save {member.display_name}
          </StatusButton>
        </div>
      </Form>
      <RowActionForm
        idField="userId"
        id={member.id}
        intent="remove-member"
        variant="secondary"
        pendingText="Removing…"
        className="mt-2"
      >
        Remove {member.display_name} from the company
      </RowActionForm>
      <FormErrors id={form.errorId} errors={form.errors ?? lastResult?.error?.[""] ?? null} />
    </li>
  );
}

/** Invite (company admins) or add (staff, `intent="add-member"`) a member with a role and limits. */
export function NewMemberForm({
  reply,
  currency,
  intent,
}: {
  reply: Reply;
  currency: string;
  intent: "invite" | "add-member";
}) {
  const mine = (reply?.initialValue as { intent?: string } | undefined)?.intent === intent;
  const [form, fields] = useZodForm(intent === "invite" ? InviteMemberSchema : AddMemberSchema, {
    id: intent,
    lastResult: mine ? reply : undefined,
    defaultValue: { role: "buyer" },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-3 md:grid-cols-2">
      <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "off" }} />
      <SelectField label="Role" meta={fields.role} options={ROLE_OPTIONS} />
      <Field
        label={`Limit per order (${currency})`}
        meta={fields.orderLimit}
        hint="Orders above it wait for an approver. Blank: no limit."
        inputProps={{ inputMode: "numeric" }}
      />
      <Field
        label={`Monthly limit (${currency})`}
        meta={fields.monthlyLimit}
        hint="Their orders in a calendar month together. Blank: no limit."
        inputProps={{ inputMode: "numeric" }}
      />
      <div className="md:col-span-2">
        <FormErrors form={form} />
        <StatusButton name="intent" value={intent} pendingText={intent === "invite" ? "Inviting…" : "Adding…"}>
          {intent === "invite" ? "Send invitation" : "Add member"}
        </StatusButton>
      </div>
    </Form>
  );
}
