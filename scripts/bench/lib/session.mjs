// Signing a benchmark customer in through the real forms, as a browser would.
import { randomUUID } from "node:crypto";

/** The customer who browses; the others differ in name and email. */
export const READER = {
  name: "Bench Reader",
  email: "bench-reader@example.com",
  password: "tangerine-lathe-1987-quartz",
};
/** Where every benchmark order goes. */
export const SHIPPING = { address: "1 Bench Street, Testville", phone: "+1 555 0100" };
/** The single-part order form (POST /order/:id), less its one-time token. */
export const ORDER_FORM = { quantity: "1", ...SHIPPING };

/** Headers a browser sends with a same-site form post; without them the app answers 403. */
export function formHeaders(origin, cookie) {
  return {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: origin,
    "Sec-Fetch-Site": "same-origin",
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

function sessionCookie(response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
  return cookie ? cookie.split(";")[0] : null;
}

/** Creates an account with POST /sign-up and returns its `__session=…` cookie. */
export async function signUp(origin, { name, email, password }) {
  const response = await fetch(`${origin}/sign-up`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(origin),
    body: new URLSearchParams({ name, email, password, redirectTo: "/" }),
  });
  const cookie = sessionCookie(response);
  if (response.status !== 302 || !cookie) {
    throw new Error(
      `sign-up for ${email} answered ${response.status} without a session: ${(await response.text()).slice(0, 300)}`,
    );
  }
  return cookie;
}

/** Whether an answer to Place Order is its success: a redirect to the new order's page. */
export function orderPlaced(status, location) {
  return status === 302 && /^\/dashboard\/my-order\/\d+$/.test(location ?? "");
}

/** Places one order through POST /order/:id; true when the app answered with its success redirect. */
export async function placeOrder(origin, cookie, itemId, fields) {
  const response = await fetch(`${origin}/order/${itemId}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(origin, cookie),
    body: new URLSearchParams({ ...fields, checkoutToken: randomUUID() }),
  });
  await response.arrayBuffer();
  return orderPlaced(response.status, response.headers.get("Location"));
}

/** Puts `quantity` of a part in the customer's cart through POST /cart, as Add to Cart does. */
export async function addToCart(origin, cookie, itemId, quantity) {
  const response = await fetch(`${origin}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(origin, cookie),
    body: new URLSearchParams({ intent: "add", itemId: String(itemId), quantity: String(quantity) }),
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`Add to Cart of item ${itemId} answered ${response.status}`);
}

/** The checkout page's hidden fields: a fresh token and the total it shows. */
export async function checkoutForm(origin, cookie) {
  const html = await (await fetch(`${origin}/checkout`, { headers: { Cookie: cookie } })).text();
  const expectedTotal = /name="expectedTotal" value="(\d+)"/.exec(html)?.[1];
  if (!expectedTotal) throw new Error("the checkout page shows no total");
  return { expectedTotal };
}
