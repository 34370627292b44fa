import { addLinesToCart } from "~/models/cart";

import { newItem } from "../support/builders";
import { newUser, sessionCookieFor } from "../support/users";
import { postForm } from "./support";

// Customers with carts, checking out through a running shop as a browser does: shared by the
// checkout suite and the backup drill.

export const PARTS = 8;
export const STOCK = 12;
export const SHIPPING = { address: "4 Forge Lane, Sheffield S3 8RA", phone: "+44 114 496 0100" };

/** The same sequence on every run, so a failure can be replayed (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % below;
  };
}

export async function makeParts(label: string, { count = PARTS, stock = STOCK, backorders = false } = {}) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      newItem({
        name: `${label} part ${index}`,
        img: "/images/items/spur-gear.svg",
        description: "Scarce.",
        price_cents: 700 + index * 130,
        quantity: stock,
        supplier_name: "Gearwright Works",
        allow_backorder: backorders ? 1 : 0,
      }),
    ),
  );
}

export type Customer = { id: number; cookie: string; cart: Map<number, number> };

/** Customers with carts of 3 to 5 lines drawn from the parts, 1 to 4 units each. */
export async function customersWithCarts(label: string, count: number, partIds: number[], seed: number) {
  const random = seededRandom(seed);
  return Promise.all(
    Array.from({ length: count }, async (_, index): Promise<Customer> => {
      const user = await newUser({
        email: `${label}-${index}-${partIds[0]}@example.com`,
        displayName: `Buyer ${index}`,
      });
      const cart = new Map<number, number>();
      const lines = Math.min(3 + random(3), partIds.length);
      while (cart.size < lines) cart.set(partIds[random(partIds.length)], 1 + random(4));
      await addLinesToCart(
        user.id,
        [...cart].map(([itemId, quantity]) => ({ itemId, quantity })),
      );
      return { id: user.id, cookie: await sessionCookieFor(user), cart };
    }),
  );
}

/** The checkout page's token and total, as a browser would have them before Place Order. */
export async function openCheckout(origin: string, cookie: string, signal?: AbortSignal) {
  const response = await fetch(`${origin}/checkout`, { headers: { Cookie: cookie }, signal });
  const html = await response.text();
  const token = /name="checkoutToken" value="([^"]+)"/.exec(html)?.[1];
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
  if (response.status !== 200 || !token || !expectedTotal) throw new Error(`checkout page: ${response.status}`);
  return { checkoutToken: token, expectedTotal };
}

export function placeOrder(
  origin: string,
  customer: Customer,
  form: { checkoutToken: string; expectedTotal: string },
  signal?: AbortSignal,
) {
  return postForm(origin, "/checkout", { ...SHIPPING, ...form }, { cookie: customer.cookie, signal });
}
