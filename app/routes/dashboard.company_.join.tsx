import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "~/auth/permissions.server";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { COMPANY_ROLE_LABELS } from "~/lib/companies";
import { acceptInvitation, invitationByToken } from "~/models/company";
import { normalizeEmail } from "~/models/user.server";
import { JoinCompanySchema } from "~/validation/company";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Join a company")];

export const headers = routeHeaders;

const LINK_GONE = "This invitation link has expired or was used already. Ask your company's admin for a new one.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = token.length <= 100 ? await invitationByToken(token) : undefined;
  if (!invitation) throw data(LINK_GONE, { status: 404, headers: { "Cache-Control": "no-store" } });
  return data(
    {
      token,
      companyName: invitation.company_name,
      role: invitation.role,
      invitedEmail: invitation.email,
      forThisAccount: normalizeEmail(user.email) === invitation.email,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = formAction({
  guard: requireUser,
  schema: JoinCompanySchema,
  hideFields: ["token"],
  async run({ user, value }) {
    const result = await acceptInvitation(value.token, user);
    if (result.ok) return redirectWithFlash("/dashboard/company", `Welcome to ${result.companyName}.`);
    if (result.reason === "other-email") {
      return refuse(403, "This invitation is for another email address: sign in with the address it was sent to.");
    }
    if (result.reason === "already-member") {
      return refuse(409, "Your account is already a member of a company; an account belongs to one company.");
    }
    return refuse(404, LINK_GONE);
  },
});

export default function JoinCompany() {
  const invitation = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-bold">Join {invitation.companyName}</h1>
      <p className="mt-4 text-slate-700">
        You are invited to order for {invitation.companyName} as {COMPANY_ROLE_LABELS[invitation.role].toLowerCase()}.
      </p>
      <ReplyErrors reply={reply} />
      {invitation.forThisAccount ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={invitation.token} />
          <StatusButton pendingText="Joining…">Join {invitation.companyName}</StatusButton>
        </Form>
      ) : (
        <p className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          This invitation was sent to <strong>{invitation.invitedEmail}</strong>, and you are signed in with another
          address. Sign out and sign in (or sign up) with that address to join.
        </p>
      )}
    </section>
  );
}
