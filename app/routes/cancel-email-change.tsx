import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { StatusButton } from "~/components/forms";
import { usableTokenOwner } from "~/models/email-tokens.server";
import { cancelEmailChange } from "~/models/email-verification.server";
import { CancelEmailChangeSchema, EmailProofToken, UNUSABLE_EMAIL_LINK } from "~/validation/auth";
import { redirectWithFlash } from "~/web/flash.server";
import { anyone, formAction, type FormReply, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Cancel the change of email address"),
  { name: "robots", content: "noindex" },
];

export const headers = routeHeaders;

// Opening the link only shows the page (mail scanners open links); the button cancels.
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable =
    EmailProofToken.safeParse(token).success && (await usableTokenOwner(token, "cancel-email-change")) !== undefined;
  return data({ token: usable ? token : null }, { status: usable ? 200 : 400 });
}

export const action = formAction({
  guard: anyone,
  schema: CancelEmailChangeSchema,
  async run({ value }) {
    if (!(await cancelEmailChange(value.token))) return refuse(400, UNUSABLE_EMAIL_LINK);
    return redirectWithFlash("/", {
      kind: "success",
      message:
        "The change of email address is cancelled: the account keeps this address. If you did not ask for it, reset your password now, because whoever asked knows it.",
      links: [{ href: "/forgot-password", label: "Reset your password" }],
    });
  },
});

export default function CancelEmailChange() {
  const { token } = useLoaderData<typeof loader>();
  const reply = useActionData<FormReply>();
  const problem = reply?.error?.[""]?.[0] ?? reply?.error?.token?.[0] ?? (token ? null : UNUSABLE_EMAIL_LINK);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-3xl font-bold">Cancel the change of email address</h1>
      {problem ? (
        <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          {problem} The change may already be made or cancelled; if the account is no longer yours,{" "}
          <AppLink to="/contact" className="font-semibold underline">
            write to us
          </AppLink>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <p>Someone asked to move your account to another email address. Press the button to stop it.</p>
          <input type="hidden" name="token" value={token ?? ""} />
          <StatusButton>Cancel the change</StatusButton>
        </Form>
      )}
    </div>
  );
}
