import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { companyMemberOf, requireCompanyAdmin } from "~/auth/company.server";
import { AppLink } from "~/components/app-link";
import { CompanyTermsList } from "~/components/company/company-terms";
import { MemberTable } from "~/components/company/member-table";
import { MemberForm, NewMemberForm, useLimitText } from "~/components/company/members";
import { useFormatDate } from "~/components/use-format-date";
import { useCurrency } from "~/components/use-money";
import { COMPANY_ROLE_LABELS } from "~/lib/companies";
import { getCompany } from "~/models/company";
import { inviteReply, removeMemberReply, updateMemberReply } from "~/replies/company.server";
import { CompanyActionSchema } from "~/validation/company";
import { formAction } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Company")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, membership } = await companyMemberOf(request);
  if (!membership) return { company: null, role: null, userId: user.id };
  const company = await getCompany(membership.company_id);
  if (!company) throw data("Company not found", { status: 404 });
  // Members see who orders for the company; only its admins see the open invitations.
  const visible = membership.role === "admin" ? company : { ...company, invitations: [] };
  return { company: visible, role: membership.role, userId: user.id };
}

export const action = formAction({
  guard: requireCompanyAdmin,
  schema: CompanyActionSchema,
  limits: ({ user, value }) => (value.intent === "invite" ? [["adminChange", `user:${user.id}`] as const] : []),
  async run({ user, value }) {
    const companyId = user.membership.company_id;
    const backTo = "/dashboard/company";
    if (value.intent === "invite") {
      return inviteReply(
        { id: companyId, name: user.membership.company_name },
        value,
        { id: user.id, name: user.display_name },
        backTo,
      );
    }
    if (value.intent === "remove-member") return removeMemberReply(companyId, value.userId, backTo);
    return updateMemberReply(companyId, value, backTo);
  },
});

export default function CompanyPage() {
  const { company, role, userId } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const currency = useCurrency();
  const limitText = useLimitText();
  const formatDate = useFormatDate();
  if (!company) {
    return (
      <section className="max-w-2xl">
        <h1 className="text-2xl font-bold">Company</h1>
        <p className="mt-4 text-slate-700">
          Your account is not part of a company account. A company account lets several people order for one firm, with
          spending limits, approvals, and payment on account against a credit limit.{" "}
          <AppLink to="/contact" className="font-semibold text-orange-800 underline">
            Ask us to open one
          </AppLink>
          , or ask your company&apos;s admin to invite you.
        </p>
      </section>
    );
  }
  const isAdmin = role === "admin";
  return (
    <section>
      <h1 className="text-2xl font-bold">{company.name}</h1>
      <p className="mt-1 text-sm text-slate-700">Your role: {COMPANY_ROLE_LABELS[role!]}</p>
      <CompanyTermsList company={company} />

      <h2 className="mt-10 text-xl font-semibold">Members</h2>
      {isAdmin ? (
        <ul className="mt-4 space-y-3">
          {company.members.map((member) =>
            member.id === userId ? (
              <li key={member.id} className="rounded-md border border-slate-200 p-4" data-testid="company-member">
                <p className="font-semibold">
                  {member.display_name} (you) <span className="font-normal text-slate-600">{member.email}</span>
                </p>
                <p className="text-sm text-slate-700">
                  {COMPANY_ROLE_LABELS[member.role]} · per order: {limitText(member.order_limit_cents)} · monthly:{" "}
                  {limitText(member.monthly_limit_cents)}
                </p>
              </li>
            ) : (
              <MemberForm key={member.id} member={member} reply={reply} currency={currency} />
            ),
          )}
        </ul>
      ) : (
        <MemberTable members={company.members} />
      )}

      {isAdmin ? (
        <>
          <h2 className="mt-10 text-xl font-semibold">Invite a member</h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            We email them a link. They join once they sign in (or sign up) with that address.
          </p>
          <div className="max-w-2xl">
            <NewMemberForm key={company.invitations.length} reply={reply} currency={currency} intent="invite" />
          </div>
          {company.invitations.length ? (
            <>
              <h3 className="mt-6 font-semibold">Invitations not yet accepted</h3>
              <ul className="mt-2 space-y-1 text-sm">
                {company.invitations.map((invitation) => (
                  <li key={invitation.id}>
                    {invitation.email}, {COMPANY_ROLE_LABELS[invitation.role]}: the link works until{" "}
                    {formatDate(invitation.expires_at)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
