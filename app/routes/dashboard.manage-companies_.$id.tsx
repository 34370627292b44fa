import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { CompanyTermsList } from "~/components/company/company-terms";
import { MemberForm, NewMemberForm } from "~/components/company/members";
import { NewSecret, PunchoutConnectionForm, RemovePunchoutForm } from "~/components/company/punchout-form";
import { CompanyTermsForm } from "~/components/company/terms-form";
import { BackLink } from "~/components/detail-page";
import { useCurrency } from "~/components/use-money";
import { getCompany, updateCompanyTerms } from "~/models/company";
import { connectionOfCompany, removeConnection } from "~/models/punchout";
import { addMemberReply, removeMemberReply, updateMemberReply } from "~/replies/company.server";
import { saveConnectionReply } from "~/replies/punchout.server";
import { parseId } from "~/validation/common";
import { ManageCompanyActionSchema } from "~/validation/company";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => [
  pageTitle(matches, loaded?.company.name ?? "Company"),
];

export const headers = routeHeaders;

async function companyOf(params: { id?: string }) {
  const id = parseId(params.id);
  const company = id ? await getCompany(id) : undefined;
  if (!company) throw data("Company not found", { status: 404 });
  return company;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const company = await companyOf(params);
  return { company, punchout: await connectionOfCompany(company.id) };
}

export const action = formAction({
  guard: requireAdmin,
  load: ({ params }) => companyOf(params),
  schema: ManageCompanyActionSchema,
  async run({ loaded: company, value }) {
    const backTo = `/dashboard/manage-companies/${company.id}`;
    switch (value.intent) {
      case "update": {
        const saved = await updateCompanyTerms(company.id, {
          name: value.name,
          vatNumber: value.vatNumber,
          peppolId: value.peppolId,
          eInvoiceByMail: value.eInvoiceByMail,
          paymentTermsDays: value.paymentTermsDays,
          creditLimitCents: value.creditLimit,
        });
        if (!saved) return refuse(404, "Company not found.");
        return redirectWithFlash(backTo, "Terms saved.");
      }
      case "add-member":
        return addMemberReply(company.id, value, backTo);
      case "remove-member":
        return removeMemberReply(company.id, value.userId, backTo);
      case "update-member":
        return updateMemberReply(company.id, value, backTo);
      case "punchout-connection":
        return saveConnectionReply(company.id, value);
      case "remove-punchout":
        await removeConnection(company.id);
        return redirectWithFlash(backTo, "Punchout connection removed: its secret no longer works.");
    }
  },
});

export default function ManageCompany() {
  const { company, punchout } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const currency = useCurrency();
  return (
    <section>
      <BackLink to="/dashboard/manage-companies">Manage Companies</BackLink>
      <h1 className="mt-4 text-2xl font-bold">{company.name}</h1>
      <CompanyTermsList company={company} />

      <h2 className="mt-10 text-xl font-semibold">Name and trade terms</h2>
      <CompanyTermsForm company={company} reply={reply} />

      <h2 className="mt-10 text-xl font-semibold">Members</h2>
      <ul className="mt-4 space-y-3">
        {company.members.map((member) => (
          <MemberForm key={member.id} member={member} reply={reply} currency={currency} />
        ))}
      </ul>
      <h2 className="mt-10 text-xl font-semibold">Add a member</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">An existing customer account joins at once.</p>
      <div className="max-w-2xl">
        <NewMemberForm key={company.members.length} reply={reply} currency={currency} intent="add-member" />
      </div>

      <h2 className="mt-10 text-xl font-semibold">Procurement system (punchout)</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Its buyers shop here from inside their procurement system and send purchase orders to /punchout/cxml/order.
      </p>
      {reply?.punchoutSecret ? <NewSecret secret={reply.punchoutSecret} /> : null}
      <PunchoutConnectionForm connection={punchout} members={company.members} reply={reply} />
      {punchout ? <RemovePunchoutForm /> : null}
    </section>
  );
}
