import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { COMPANY_ADDRESSES_ADMINS_ONLY, companyMemberOf, requireUserWithCompany } from "~/auth/company.server";
import { AddressCards } from "~/components/addresses/address-cards";
import { AddressForm } from "~/components/addresses/address-form";
import { AppLink } from "~/components/app-link";
import { ReplyErrors } from "~/components/forms";
import {
  type AddressBook,
  deleteAddress,
  listAddresses,
  MAX_ADDRESSES,
  saveAddress,
  setDefaultAddress,
} from "~/models/address.server";
import { AddressActionSchema, type AddressBookName } from "~/validation/address";
import { parseId } from "~/validation/common";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Addresses")];

export const headers = routeHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, membership } = await companyMemberOf(request);
  const [own, shared] = await Promise.all([
    listAddresses({ userId: user.id }),
    membership ? listAddresses({ companyId: membership.company_id }) : Promise.resolve([]),
  ]);
  const search = new URL(request.url).searchParams;
  const companyAdmin = membership?.role === "admin";
  // A company admin edits the company's book too; anyone else only their own.
  const editableShared = companyAdmin ? shared : [];
  const editId = parseId(search.get("edit") ?? undefined);
  const editing =
    own.find((address) => address.id === editId) ?? editableShared.find((address) => address.id === editId) ?? null;
  const book: AddressBookName =
    (editing && shared.includes(editing)) || (!editing && companyAdmin && search.get("book") === "company")
      ? "company"
      : "own";
  return {
    own,
    company: membership ? { name: membership.company_name, addresses: shared, canEdit: companyAdmin } : null,
    editing,
    book,
  };
}

const BACK = "/dashboard/addresses";
const NOT_YOURS = "That address is not in your address book.";

export const action = formAction({
  guard: requireUserWithCompany,
  schema: AddressActionSchema,
  async run({ user, value }) {
    let book: AddressBook = { userId: user.id };
    if (value.book === "company") {
      if (!user.companyId || user.companyRole !== "admin") return refuse(403, COMPANY_ADDRESSES_ADMINS_ONLY);
      book = { companyId: user.companyId };
    }
    const back = value.book === "company" ? `${BACK}#company-addresses` : BACK;
    if (value.intent === "save") {
      const { intent: _intent, book: _book, addressId, defaultBilling, defaultDelivery, ...fields } = value;
      const saved = await saveAddress(book, addressId, fields as Parameters<typeof saveAddress>[2], {
        defaultBilling,
        defaultDelivery,
      });
      if (!saved.ok) {
        return saved.reason === "too-many"
          ? refuse(409, `An address book holds at most ${MAX_ADDRESSES} addresses: remove one first.`)
          : refuse(404, NOT_YOURS);
      }
      return redirectWithFlash(back, addressId ? "Address saved." : "Address added.");
    }
    if (value.intent === "delete") {
      if (!(await deleteAddress(book, value.addressId))) return refuse(404, NOT_YOURS);
      return redirectWithFlash(back, "Address removed.");
    }
    const kind = value.intent === "default-billing" ? "billing" : "delivery";
    if (!(await setDefaultAddress(book, value.addressId, kind))) return refuse(404, NOT_YOURS);
    return redirectWithFlash(back, `Default ${kind} address changed.`);
  },
});

export default function Addresses() {
  const { own, company, editing, book } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const formBook = book === "company" && company ? `${company.name}’s` : "your";
  return (
    <section>
      <h1 className="text-2xl font-bold">Addresses</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-700">
        Checkout offers these for delivery and billing; your defaults are chosen first. An order keeps the address it
        was sent to, whatever you change here later.
      </p>
      {/* The address form shows its own messages beside its fields; these are the buttons'. */}
      <ReplyErrors reply={(reply?.initialValue as { intent?: string } | undefined)?.intent === "save" ? null : reply} />
      {company ? (
        <h2 className="mt-6 text-xl font-semibold" id="own-addresses">
          Your addresses
        </h2>
      ) : null}
      <AddressCards addresses={own} book="own" canEdit />
      {company ? (
        <>
          <h2 className="mt-10 text-xl font-semibold" id="company-addresses">
            {company.name}&rsquo;s addresses
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-700">
            {company.canEdit
              ? "Every member of your company is offered these at checkout, after their own."
              : "Your company's admins keep these; checkout offers them to you after your own."}
          </p>
          <AddressCards addresses={company.addresses} book="company" canEdit={company.canEdit} />
          {company.canEdit && !(editing || book === "company") ? (
            <p className="mt-4">
              <AppLink
                to="/dashboard/addresses?book=company#address-form"
                className="text-sm font-medium text-orange-800 underline"
              >
                Add an address to {company.name}&rsquo;s book
              </AppLink>
            </p>
          ) : null}
        </>
      ) : null}
      <h2 className="mt-10 text-xl font-semibold" id="address-form">
        {editing ? "Edit address" : `Add an address to ${formBook} book`}
      </h2>
      {/* A new key after each save empties the form again (with JavaScript the page is not reloaded). */}
      <AddressForm
        key={editing ? `edit-${editing.id}` : `new-${book}-${own.length}-${company?.addresses.length ?? 0}`}
        editing={editing}
        book={book}
        reply={reply}
      />
    </section>
  );
}
