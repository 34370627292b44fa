// What a company account is made of (issue 27): its members' roles and how its orders are paid.

/**
 * buyer: orders up to their limits; approver: also approves others' orders over theirs; admin: also
 * invites members, sets roles and limits and keeps the company's addresses.
 */
export const COMPANY_ROLES = ["buyer", "approver", "admin"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  buyer: "Buyer",
  approver: "Approver",
  admin: "Company admin",
};

/** Who may approve an order placed over a buyer's limit (never the one who placed it). */
export const canApprove = (role: CompanyRole) => role === "approver" || role === "admin";

/**
 * How a company order is paid: on account (invoiced, due after the company's terms, within its
 * credit limit) or against a pro-forma invoice (dispatched once staff record the payment). A private
 * customer's order has neither.
 */
export const PAYMENT_METHODS = ["account", "proforma"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function paymentMethodLabel(method: PaymentMethod, termsDays: number | null) {
  return method === "account" ? `Pay on account (${termsDays ?? 30} days)` : "Pro-forma invoice (pay before dispatch)";
}

/** How long stock stays reserved for an order awaiting approval before it is released. */
export const APPROVAL_HOLD_HOURS = 72;
