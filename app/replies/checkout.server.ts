import { formatPrice } from "~/config/env.server";
import { addressOnOneLine, type PostalAddress } from "~/lib/addresses";
import { addressTextOf } from "~/models/address.server";
import type { CheckoutInput, CheckoutResult } from "~/models/checkout.server";
import type { BillLine } from "~/models/pricing.server";
import type { CreditRefusal } from "~/models/trade-terms.server";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

export const ORDER_PLACED = "Order placed successfully";

/** The checkout page's and the one-part order page's fields, as the checkout model takes them. */
export function checkoutFromForm(
  userId: number,
  lines: CheckoutInput["lines"],
  form: { address: string; phone: string; poNumber?: string | null; checkoutToken: string; expectedTotal?: number },
): CheckoutInput {
  return {
    userId,
    lines,
    address: form.address,
    phone: form.phone,
    poNumber: form.poNumber,
    token: form.checkoutToken,
    expectedTotalCents: form.expectedTotal,
  };
}

export type CheckoutAddresses =
  | {
      ok: true;
      address: string;
      billingAddress: string | null;
      deliveryParts: PostalAddress | null;
      billingParts: PostalAddress | null;
      /** The addresses typed rather than chosen: the buyer's book keeps them once the order is placed. */
      typed: { delivery: PostalAddress | null; billing: PostalAddress | null };
    }
  | { ok: false; field: "deliveryAddressId" | "billingAddressId" };

/**
 * The checkout's addresses as the order keeps them, on one line and in their parts: a chosen
 * address from the buyer's own book or their company's (anyone else's is refused as not theirs),
 * or the address typed in parts, or (from a client that sends one) typed on one line.
 */
export async function checkoutAddresses(
  userId: number,
  form: {
    deliveryAddressId?: number;
    billingAddressId?: number;
    address?: string;
    deliveryParts?: PostalAddress;
    billingParts?: PostalAddress;
  },
): Promise<CheckoutAddresses> {
  const delivery = await oneAddress(userId, form.deliveryAddressId, form.deliveryParts);
  if (!delivery) return { ok: false, field: "deliveryAddressId" };
  const billing = await oneAddress(userId, form.billingAddressId, form.billingParts);
  if (!billing) return { ok: false, field: "billingAddressId" };
  const address = delivery.text ?? form.address ?? "";
  // Billing where it goes is no separate billing address.
  const separateBilling = billing.text !== null && billing.text !== address;
  return {
    ok: true,
    address,
    billingAddress: separateBilling ? billing.text : null,
    deliveryParts: delivery.parts,
    billingParts: separateBilling ? billing.parts : null,
    typed: { delivery: delivery.typed, billing: billing.typed },
  };
}

/**
 * One of the checkout's addresses: the saved one chosen (null when it is not the buyer's to choose),
 * or the one typed in parts, or none; `typed` is what the buyer's book is to keep.
 */
async function oneAddress(userId: number, savedId: number | undefined, typedParts: PostalAddress | undefined) {
  if (savedId !== undefined) {
    const saved = await addressTextOf(userId, savedId);
    return saved ? { text: saved.text, parts: saved.parts, typed: null } : null;
  }
  if (typedParts) return { text: addressOnOneLine(typedParts), parts: typedParts, typed: typedParts };
  return { text: null, parts: null, typed: null };
}

/** A chosen address that is not in the buyer's book: as if the form offered no such choice. */
export function addressRefusal(field: "deliveryAddressId" | "billingAddressId") {
  return refuse(400, { fieldErrors: { [field]: ["Choose one of your saved addresses"] } });
}

/** A placed order, or a repeat of its token, lands on the order's page. */
export function orderPlacedRedirect(result: Extract<CheckoutResult, { ok: true }>) {
  const page = `/dashboard/my-order/${result.orderId}`;
  return redirectWithFlash(page, result.repeated ? "This order was already placed; here it is." : ORDER_PLACED);
}

function lineProblemText(line: BillLine) {
  if (line.problem?.kind === "short") {
    return line.problem.available > 0
      ? `${line.partNumber} (${line.name}): only ${line.problem.available} left, you asked for ${line.quantity}.`
      : `${line.partNumber} (${line.name}): out of stock.`;
  }
  if (line.problem?.kind === "below-minimum") {
    return `${line.partNumber} (${line.name}): sold in at least ${line.problem.minimum}.`;
  }
  return "";
}

/** Why the company's account refused an order: the same words on the pages and in the API. */
export function creditRefusalText(result: CreditRefusal) {
  if (result.reason === "overdue") {
    return `Orders on account are paused: invoice ${result.invoiceNumbers.join(", ")} ${result.invoiceNumbers.length === 1 ? "is" : "are"} overdue. Nothing was ordered; once it is paid you can order on account again.`;
  }
  return `This order (${formatPrice(result.totalCents)}) is over your company's credit limit: ${formatPrice(result.availableCents)} is available. Nothing was ordered; order less, or ask your accounts team to pay open invoices.`;
}

/** An order that arrived as its account was deleted (decision 53). */
export const ACCOUNT_DELETED = "This account has been deleted; nothing was ordered.";

/**
 * Why an order was not placed, as the checkout and order forms show it: nothing was written, and
 * the page shows the bill as it is now so that the buyer can confirm the new figures.
 */
export function checkoutRefusal(result: Exclude<CheckoutResult, { ok: true }>) {
  switch (result.reason) {
    case "empty":
      return refuse(400, "There is nothing to order.");
    case "not-found":
      return refuse(404, "A part in this order is no longer in the catalog; nothing was ordered.");
    case "problems": {
      const lines = result.bill.lines.filter((line) => line.problem).map(lineProblemText);
      return refuse(409, { formErrors: [`Nothing was ordered. ${lines.join(" ")}`] }, { extra: { bill: result.bill } });
    }
    case "total-changed":
      return refuse(
        409,
        {
          formErrors: [
            `Prices have changed since this page was shown: the total is now ${formatPrice(result.bill.totals.totalCents)}. Nothing was ordered; check the figures and place the order again.`,
          ],
        },
        { extra: { bill: result.bill } },
      );
    case "credit-limit":
    case "overdue":
      return refuse(409, creditRefusalText(result));
    case "no-account":
      return refuse(409, ACCOUNT_DELETED);
    case "token-reused":
      // Pages send no request hash: only the API meets this; a page is told as plainly.
      return refuse(409, "This form was already used for another order. Reload the page and place the order again.");
  }
}
