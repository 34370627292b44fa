import { useRouteLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";

// A visitor fills a cart without an account; checking out needs one. Signing in or up from here
// comes back to the checkout, with this browser's cart moved into the account's.

const CHECKOUT_AFTER = `redirectTo=${encodeURIComponent("/checkout")}`;

/** Where a signed-in buyer has "Check out": the same step, through sign-in. */
export function SignInToCheckOut() {
  return (
    <AppLink
      to={`/sign-in?${CHECKOUT_AFTER}`}
      className="rounded-md bg-orange-800 px-5 py-2 font-semibold text-white hover:bg-orange-900"
    >
      Sign in to check out
    </AppLink>
  );
}

/** Why the visitor is asked to sign in, and that nothing in the cart is lost by it. */
export function WhyAnAccount() {
  return (
    <p className="mt-4 text-right text-sm text-slate-700" data-testid="why-an-account">
      Checking out needs an account: it holds your delivery address and lets you follow your orders. Your cart comes
      with you when you{" "}
      <AppLink to={`/sign-in?${CHECKOUT_AFTER}`} className="font-semibold text-orange-800 underline">
        sign in
      </AppLink>{" "}
      or{" "}
      <AppLink to={`/sign-up?${CHECKOUT_AFTER}`} className="font-semibold text-orange-800 underline">
        create an account
      </AppLink>
      .
    </p>
  );
}

/**
 * On sign-in and sign-up, for a visitor who filled a cart: it is not lost by signing in. The count
 * is the header's (the root loader's), so this costs no query of its own.
 */
export function CartComesAlong() {
  const root = useRouteLoaderData("root") as { user: unknown; cartItemIds?: number[] } | undefined;
  const count = root?.user ? 0 : (root?.cartItemIds?.length ?? 0);
  if (!count) return null;
  return (
    <p
      className="mt-3 rounded-md border border-slate-300 bg-white p-3 text-sm text-slate-800"
      data-testid="cart-comes-along"
    >
      The {count === 1 ? "part" : `${count} parts`} in your cart will be in your account&rsquo;s cart once you are
      signed in.
    </p>
  );
}
