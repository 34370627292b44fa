// Signing a benchmark customer in through the real forms, as a browser would.

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

/** Places one order through POST /order/:id; true when the app answered with its success redirect. */
export async function placeOrder(origin, cookie, itemId, fields) {
  const response = await fetch(`${origin}/order/${itemId}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(origin, cookie),
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  return response.status === 302 && response.headers.get("Location") === "/dashboard/my-order";
}
