import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { cartCookieFor, cartHolder, cartOwnerOf } from "~/auth/permissions.server";
import { getCurrentUser } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { BillLines, BillTotals, ShippingHint, usePricingRules } from "~/components/bill";
import { EmptyCart, QuantityForm, RemoveForm, usePendingRemovals } from "~/components/cart-line-forms";
import { ReplyErrors } from "~/components/forms";
import { SignInToCheckOut, WhyAnAccount } from "~/components/guest-checkout";
import { LineProblemNote } from "~/components/line-problem";
import { SaveListForm, saveListReplyOf } from "~/components/parts-lists/save-list-form";
import { TransferCartForm } from "~/components/punchout-transfer";
import { RequestQuoteForm, requestQuoteReplyOf } from "~/components/quotes/request-quote-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { changeCartLine, getCart, removeCartLine } from "~/models/cart";
import { customerPartNumbersOf } from "~/models/customer-part-numbers.server";
import { cartChangeRefusal } from "~/replies/cart.server";
import { billOfDispatch } from "~/replies/dispatch.server";
import { saveListReply } from "~/replies/parts-list.server";
import { requestQuoteReply } from "~/replies/quote.server";
import { CartActionSchema } from "~/validation/cart";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";
import { newGuestCartLimits, orderingLimits } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Cart")];

export const headers = routeHeaders;

// Anyone may fill a cart: a visitor's is held by its own cookie, and moves into the account's at
// sign-in or sign-up (docs/decisions/0029-guest-carts.md). Checking out needs the account.
export async function loader({ request }: LoaderFunctionArgs) {
  const [owner, user] = await Promise.all([cartOwnerOf(request), getCurrentUser(request)]);
  const userId = typeof owner === "number" ? owner : null;
  const bill = billOfDispatch(await getCart(owner));
  // The buyer's own part numbers, shown under ours (docs/decisions/0032-parts-lists.md).
  const numbers =
    userId === null
      ? new Map<number, string>()
      : await customerPartNumbersOf(
          userId,
          bill.lines.map((line) => line.itemId),
        );
  const lines = bill.lines.map((line) => ({ ...line, customerPartNumber: numbers.get(line.itemId) }));
  return { bill: { ...bill, lines }, signedIn: userId !== null, punchoutSystem: user?.punchout?.systemName ?? null };
}

// Add to Cart posts here from any page, signed in or not; without JavaScript the buyer is sent back.
export const action = formAction({
  guard: cartHolder,
  schema: CartActionSchema,
  // A quote request mails the shop: limited as orders are. A visitor's first Add to Cart makes their
  // cart: counted per client, so a script cannot make carts without end.
  limits: ({ user: holder, value, context }) => {
    if (value.intent === "request-quote") return holder.user ? orderingLimits(holder.user.id) : [];
    if (value.intent === "save-list") return [];
    return holder.newGuest && value.intent !== "remove" ? newGuestCartLimits(context.clientAddress) : [];
  },
  async run({ user: holder, value }) {
    if (value.intent === "request-quote") {
      if (!holder.user) return refuse(401, "Sign in to ask for a quote: your cart comes along.");
      return requestQuoteReply(holder.user.id, value.note);
    }
    if (value.intent === "save-list") {
      if (!holder.user) return refuse(401, "Sign in to save a parts list: your cart comes along.");
      return saveListReply(holder.user.id, value.name);
    }
    const back = safeRedirect(value.returnTo, "/cart");
    if (value.intent === "remove") {
      const hasCart = await removeCartLine(holder.owner, value.itemId);
      const headers = hasCart ? await cartCookieFor(holder) : undefined;
      return redirectWithFlash(back, "Removed from your cart.", { headers });
    }
    const change = await changeCartLine(holder.owner, { ...value, mode: value.intent === "add" ? "add" : "set" });
    if (!change.ok) return cartChangeRefusal(change);
    return redirectWithFlash(
      back,
      value.intent === "add" ? `Added to your cart (${change.quantity} in the cart).` : "Cart updated.",
      { headers: await cartCookieFor(holder) },
    );
  },
});

export default function Cart() {
  const { bill, signedIn, punchoutSystem } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const quoteReply = requestQuoteReplyOf(reply);
  const listReply = saveListReplyOf(reply);
  const rules = usePricingRules();
  const removing = usePendingRemovals();
  // A line being removed is hidden at once, not unmounted: its Remove form's answer reloads the cart.
  const { lines } = bill;
  const hasProblems = bill.lines.some((line) => line.problem);
  return (
    <section>
      <h1 className="text-2xl font-bold">Cart</h1>
      <ReplyErrors reply={quoteReply || listReply ? undefined : reply} />
      {lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <BillLines
            lines={lines}
            isLineHidden={(line) => removing.has(line.itemId)}
            quantityCell={(line) => <QuantityForm line={line} />}
            note={(line) => <LineProblemNote line={line} />}
            actions={(line) => <RemoveForm line={line} />}
          />
          <BillTotals totals={bill.totals} rules={rules} />
          <ShippingHint totals={bill.totals} rules={rules} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AppLink to="/quick-order" className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
              Quick order
            </AppLink>
            {hasProblems ? (
              <p className="text-sm text-red-800">Change the lines marked above before you check out.</p>
            ) : punchoutSystem ? (
              <TransferCartForm systemName={punchoutSystem} />
            ) : signedIn ? (
              <AppLink
                to="/checkout"
                className="rounded-md bg-orange-800 px-5 py-2 font-semibold text-white hover:bg-orange-900"
              >
                Check out
              </AppLink>
            ) : (
              <SignInToCheckOut />
            )}
          </div>
          {signedIn ? (
            <>
              <RequestQuoteForm lastResult={quoteReply} />
              <SaveListForm lastResult={listReply} />
            </>
          ) : (
            <WhyAnAccount />
          )}
        </>
      )}
    </section>
  );
}
