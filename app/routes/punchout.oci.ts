import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";

import { authenticatedConnection } from "~/replies/punchout.server";
import { setUpPunchout } from "~/services/punchout.server";
import { CxmlProblem } from "~/validation/cxml";
import { OciEntrySchema } from "~/validation/punchout";
import { refusalPage } from "~/web/refusal-page.server";
import { MAX_CXML_BYTES, readCappedBody, RequestRefused } from "~/web/request.server";

// SAP's Open Catalog Interface (OCI 4.0 and 5.0): the buyer's browser arrives with the connection's
// USERNAME and PASSWORD and the HOOK_URL the cart goes back to, by GET or by a form from SAP's own
// site (so outside the cross-site refusal, docs/decisions/0051-punchout.md). It gets the same
// one-time start link a cXML setup answers with, at once, so the credentials leave the address bar.
async function enter(fields: URLSearchParams) {
  const entry = OciEntrySchema.safeParse(
    Object.fromEntries([...fields.entries()].map(([key, value]) => [key.toUpperCase(), value])),
  );
  if (!entry.success) return refusalPage(400, entry.error.issues[0]?.message ?? "This OCI request is incomplete.");
  try {
    const connection = await authenticatedConnection(
      "oci",
      [{ domain: "oci", identity: entry.data.USERNAME }],
      entry.data.PASSWORD,
    );
    const startUrl = await setUpPunchout(connection, {
      operation: "oci",
      buyerCookie: "",
      returnUrl: entry.data.HOOK_URL,
      returnTarget: entry.data["~TARGET"] ?? null,
      requester: { email: entry.data.EMAIL ?? null, name: null },
    });
    return redirect(startUrl, {
      status: 303,
      headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    });
  } catch (error) {
    if (error instanceof CxmlProblem) return refusalPage(error.code, error.message);
    throw error;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  return enter(new URL(request.url).searchParams);
}

// Not readForm: that refuses another site's form, and SAP's site is another site by design.
export async function action({ request }: ActionFunctionArgs) {
  try {
    return enter(new URLSearchParams(new TextDecoder().decode(await readCappedBody(request, MAX_CXML_BYTES))));
  } catch (error) {
    if (error instanceof RequestRefused) return refusalPage(error.status, error.message);
    throw error;
  }
}
