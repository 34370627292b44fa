import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { AppLink } from "~/components/app-link";
import { CompanyTermsForm } from "~/components/company/terms-form";
import { type Column, DataTable } from "~/components/ui/data-table";
import { useFormatPrice } from "~/components/use-money";
import { createCompany, listCompanies } from "~/models/company";
import { CreateCompanySchema } from "~/validation/company";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Manage Companies")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { companies: await listCompanies() };
}

export const action = formAction({
  guard: requireAdmin,
  schema: CreateCompanySchema,
  async run({ value }) {
    const result = await createCompany({
      name: value.name,
      vatNumber: value.vatNumber,
      peppolId: value.peppolId,
      eInvoiceByMail: value.eInvoiceByMail,
      paymentTermsDays: value.paymentTermsDays,
      creditLimitCents: value.creditLimit,
      adminEmail: value.adminEmail,
    });
    if (!result.ok) {
      return refuse(409, {
        fieldErrors: {
          adminEmail: [
            result.reason === "no-account"
              ? "No account has this email: the company's admin signs up first."
              : "This account is already a member of a company.",
          ],
        },
      });
    }
    return redirectWithFlash(`/dashboard/manage-companies/${result.companyId}`, `Company “${value.name}” created.`);
  },
});

type CompanyRow = Awaited<ReturnType<typeof loader>>["companies"][number];

export default function ManageCompanies() {
  const { companies } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formatPrice = useFormatPrice();
  const columns: Column<CompanyRow>[] = [
    {
      header: "Company",
      cell: (company) => (
        <AppLink to={`/dashboard/manage-companies/${company.id}`} className="font-semibold text-orange-800 underline">
          {company.name}
        </AppLink>
      ),
    },
    { header: "Members", cell: (company) => company.member_count, align: "right" },
    {
      header: "Terms",
      cell: (company) =>
        company.payment_terms_days === null ? "Pro-forma" : `On account, ${company.payment_terms_days} days`,
    },
    {
      header: "Credit limit",
      cell: (company) => (company.payment_terms_days === null ? "—" : formatPrice(company.credit_limit_cents)),
      align: "right",
    },
    {
      header: "Owed and on order",
      cell: (company) => (company.payment_terms_days === null ? "—" : formatPrice(company.credit_used_cents)),
      align: "right",
    },
  ];
  return (
    <section>
      <h1 className="text-2xl font-bold">Manage Companies</h1>
      {companies.length ? (
        <DataTable rows={companies} columns={columns} rowKey={(company) => company.id} />
      ) : (
        <p className="mt-6 text-slate-600">No companies yet.</p>
      )}
      <h2 className="mt-10 text-xl font-semibold">New company</h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">
        Turns a customer into a company: their account becomes its first company admin, who then invites colleagues.
      </p>
      <CompanyTermsForm reply={reply} />
    </section>
  );
}
