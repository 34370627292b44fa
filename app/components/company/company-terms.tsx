import { useFormatPrice } from "~/components/use-money";
import { formatGbVatNumber } from "~/lib/vat-number";
import type { CompanyDetail } from "~/models/company";

/** A company's VAT number, Peppol ID and trade terms, with what its orders on account use of its credit now. */
export function CompanyTermsList({ company }: { company: Omit<CompanyDetail, "members" | "invitations"> }) {
  const formatPrice = useFormatPrice();
  const onAccount = company.payment_terms_days !== null;
  return (
    <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-slate-600">VAT number</dt>
      <dd>{company.vat_number ? formatGbVatNumber(company.vat_number) : "None given"}</dd>
      <dt className="text-slate-600">Peppol ID</dt>
      <dd>{company.peppol_id ?? "None given: its e-invoices are addressed by its VAT number, or to us"}</dd>
      <dt className="text-slate-600">E-invoices by mail</dt>
      <dd>{company.e_invoice_by_mail ? "Yes: beside each invoice's PDF" : "No: the PDF only"}</dd>
      <dt className="text-slate-600">Payment</dt>
      <dd>
        {onAccount
          ? `On account: invoices due ${company.payment_terms_days} days after they are issued`
          : "Pro-forma invoice: orders are dispatched once their payment arrives"}
      </dd>
      {onAccount ? (
        <>
          <dt className="text-slate-600">Credit limit</dt>
          <dd>{formatPrice(company.credit_limit_cents)}</dd>
          <dt className="text-slate-600">Owed and on order</dt>
          <dd>{formatPrice(company.credit_used_cents)}</dd>
          <dt className="text-slate-600">Available</dt>
          <dd className="font-semibold">
            {formatPrice(Math.max(0, company.credit_limit_cents - company.credit_used_cents))}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
