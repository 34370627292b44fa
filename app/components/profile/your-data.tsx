import { Form } from "@remix-run/react";

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
        sessions and the mail we sent you.
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
