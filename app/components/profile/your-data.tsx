import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { Field, FormErrors, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { ERASED_REVIEWER } from "~/lib/account-erasure";
import { DeleteAccountSchema } from "~/validation/profile";

type LastResult = SubmissionResult<string[]> | undefined;

/** Where "Download my data" is answered (app/routes/dashboard.my-profile_.data[.]json.ts). */
export const PERSONAL_DATA_PATH = "/dashboard/my-profile/data.json";

/**
 * "Download my data": the form posts `intent=export-data` as a document post (reloadDocument), so
 * the browser saves the file it is sent on to and stays on the page, with JavaScript or without.
 */
export function YourData() {
  return (
    <section aria-labelledby="your-data-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="your-data-heading" className="text-xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        One file (JSON) with everything we hold about you: your account, addresses, company membership, orders,
        invoices, quotes, parts lists, cart, your part numbers, reviews, contact messages, API keys (names and dates),
        sessions, the price lists agreed with you, your punchouts from a procurement system, and the mail we sent you.
      </p>
      <Form method="post" reloadDocument className="mt-4">
        <button
          type="submit"
          name="intent"
          value="export-data"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Download my data
        </button>
      </Form>
    </section>
  );
}

/**
 * "Delete my account": asks for the password (a browser left signed in must not erase its owner).
 * An account without one (Google only) sets one first through "Forgot password?".
 */
export function DeleteAccount({ hasPassword, lastResult }: { hasPassword: boolean; lastResult: LastResult }) {
  const [form, fields] = useZodForm(DeleteAccountSchema, { id: "delete-account", lastResult });
  return (
    <section aria-labelledby="delete-account-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="delete-account-heading" className="text-xl font-semibold">
        Delete my account
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        We remove your name, email, phone, addresses, sessions, API keys, cart, parts lists, quotes, your part numbers
        and contact messages, and sign your reviews “{ERASED_REVIEWER}”. Invoices and credit notes, and the orders
        behind them, are kept for six years as the law requires, with only the name and address printed on them. Orders
        still on the way must be delivered or cancelled first, and a company&apos;s last admin must make another member
        admin. Your email address can then sign up again as a new account.
      </p>
      {hasPassword ? (
        <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
          <Field
            label="Password"
            meta={fields.password}
            type="password"
            inputProps={{ autoComplete: "current-password" }}
          />
          <FormErrors form={form} />
          <StatusButton name="intent" value="delete-account" variant="danger" pendingText="Deleting…">
            Delete my account
          </StatusButton>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          This account has no password: to delete it, first set one with “Forgot password?” on the sign-in page.
        </p>
      )}
    </section>
  );
}
