import { useFormatPrice } from "~/components/use-money";
import { APPROVAL_HOLD_HOURS, type PaymentMethod, paymentMethodLabel } from "~/lib/companies";

export type CheckoutTerms = {
  companyName: string;
  paymentMethod: PaymentMethod;
  paymentTermsDays: number | null;
  creditAvailableCents: number | null;
  approvalReason: string | null;
  overdueInvoiceNumbers: string[];
};

/** How a company member's order will be paid, and what will hold it up, before they place it. */
export function CheckoutTermsNote({ terms, totalCents }: { terms: CheckoutTerms; totalCents: number }) {
  const formatPrice = useFormatPrice();
  const overLimit = terms.creditAvailableCents !== null && totalCents > terms.creditAvailableCents;
  return (
    <section aria-labelledby="payment-heading" className="mt-8 max-w-xl rounded-md border border-slate-200 p-4">
      <h2 id="payment-heading" className="font-semibold">
        Payment for {terms.companyName}
      </h2>
      <p className="mt-1 text-sm" data-testid="payment-method">
        {paymentMethodLabel(terms.paymentMethod, terms.paymentTermsDays)}
        {terms.creditAvailableCents !== null ? `: ${formatPrice(terms.creditAvailableCents)} of credit available` : ""}
      </p>
      {terms.paymentMethod === "proforma" ? (
        <p className="mt-1 text-sm text-slate-700">
          We send a pro-forma invoice with the order and dispatch it once your payment arrives.
        </p>
      ) : null}
      {terms.overdueInvoiceNumbers.length ? (
        <p className="mt-2 text-sm font-medium text-red-800" role="alert">
          Orders on account are paused: invoice {terms.overdueInvoiceNumbers.join(", ")} is overdue.
        </p>
      ) : overLimit ? (
        <p className="mt-2 text-sm font-medium text-red-800" role="alert">
          This order is over your company&apos;s credit limit.
        </p>
      ) : null}
      {terms.approvalReason ? (
        <p className="mt-2 text-sm text-amber-900" data-testid="approval-note">
          This order is {terms.approvalReason}: it will wait for an approver at {terms.companyName}, with its parts
          reserved for {APPROVAL_HOLD_HOURS} hours.
        </p>
      ) : null}
    </section>
  );
}
