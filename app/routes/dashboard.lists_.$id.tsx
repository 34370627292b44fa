import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireUserWithCompany } from "~/auth/company.server";
import { ConfirmAction, ConfirmPanel } from "~/components/confirm-action";
import { BackLink } from "~/components/detail-page";
import { ReplyErrors, StatusButton } from "~/components/forms";
import { ListKeeperForms } from "~/components/parts-lists/keeper-forms";
import { ListLines } from "~/components/parts-lists/list-lines";
import { deleteList, getList, removeListLine, renameList, setListLine, shareList } from "~/models/parts-lists";
import {
  addListToCartReply,
  customerPartNumberReply,
  duplicateListName,
  keeperOnly,
  LIST_NOT_FOUND,
  NO_COMPANY_OR_LIST,
} from "~/replies/parts-list.server";
import { parseId } from "~/validation/common";
import { ListActionSchema } from "~/validation/parts-lists";
import { redirectWithFlash } from "~/web/flash.server";
import { formAction, refuse } from "~/web/form-action.server";
import { routeHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  pageTitle(matches, data ? data.list.name : "Parts list"),
];

export const headers = routeHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithCompany(request);
  const id = parseId(params.id);
  // Anyone else's list is answered exactly like one that does not exist; a colleague's is read only.
  const list = id ? await getList(id, { userId: user.id, companyId: user.companyId }) : undefined;
  if (!list) throw new Response(LIST_NOT_FOUND, { status: 404, statusText: "Parts list not found" });
  return { list, inCompany: user.companyId !== null, confirmDelete: new URL(request.url).searchParams.has("delete") };
}

export const action = formAction({
  guard: requireUserWithCompany,
  schema: ListActionSchema,
  async run({ user, params, value }) {
    const id = parseId(params.id);
    if (!id) return refuse(404, LIST_NOT_FOUND);
    const here = `/dashboard/lists/${id}`;
    const reader = { userId: user.id, companyId: user.companyId };
    if (value.intent === "add-to-cart") return addListToCartReply(reader, id);
    const list = await getList(id, reader);
    if (!list) return refuse(404, LIST_NOT_FOUND);
    // Only its keeper changes a list; a colleague who reads it is told so. A part number is the
    // reader's own, so anyone who reads the list sets theirs.
    if (!list.mine && value.intent !== "part-number") return refuse(403, keeperOnly(list.keptBy));
    switch (value.intent) {
      case "delete":
        if (!(await deleteList(id, user.id))) return refuse(404, LIST_NOT_FOUND);
        return redirectWithFlash("/dashboard/lists", "Parts list deleted.");
      case "rename": {
        const renamed = await renameList(id, user.id, value.name);
        if (!renamed.ok)
          return renamed.reason === "duplicate" ? duplicateListName(value.name) : refuse(404, LIST_NOT_FOUND);
        return redirectWithFlash(here, "List renamed.");
      }
      case "share":
      case "unshare": {
        const shared = await shareList(id, user.id, value.intent === "share");
        if (!shared.ok) return refuse(shared.reason === "no-company" ? 409 : 404, NO_COMPANY_OR_LIST[shared.reason]);
        return redirectWithFlash(
          here,
          value.intent === "share" ? "Shared with your company." : "Only you read it now.",
        );
      }
      case "update":
      case "remove": {
        const changed =
          value.intent === "update"
            ? await setListLine(id, user.id, value.itemId, value.quantity)
            : await removeListLine(id, user.id, value.itemId);
        if (!changed.ok) {
          return changed.reason === "line-not-found"
            ? refuse(404, "This part is not on the list.")
            : refuse(404, LIST_NOT_FOUND);
        }
        return redirectWithFlash(here, value.intent === "update" ? "Quantity updated." : "Removed from the list.");
      }
      case "part-number":
        return customerPartNumberReply(user.id, list, value, here);
    }
  },
});

export default function PartsList() {
  const { list, inCompany, confirmDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const renameReply = reply?.initialValue?.intent === "rename" ? reply : undefined;
  const question = `Delete the list “${list.name}”? Your cart and your part numbers stay.`;
  return (
    <section>
      <BackLink to="/dashboard/lists">Parts lists</BackLink>
      <h1 className="mt-2 text-2xl font-bold">{list.name}</h1>
      {list.mine ? null : (
        <p className="mt-1 text-sm text-slate-700" data-testid="list-keeper">
          {`Kept by ${list.keptBy}, of your company. Only they change it; add it to your cart to order from it.`}
        </p>
      )}
      <ReplyErrors reply={renameReply ? undefined : reply} />
      {confirmDelete && list.mine ? (
        <ConfirmPanel
          question={question}
          confirmLabel="Yes, delete it"
          cancelHref={`/dashboard/lists/${list.id}`}
          fields={{}}
          intent="delete"
        />
      ) : null}
      {list.lines.length ? (
        <ListLines lines={list.lines} editable={list.mine} />
      ) : (
        <p className="mt-6 text-slate-700">This list has no parts left.</p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Form method="post">
          <StatusButton name="intent" value="add-to-cart" disabled={!list.lines.length} pendingText="Adding…">
            Add list to cart
          </StatusButton>
        </Form>
        {list.mine ? (
          <ConfirmAction
            label="Delete list"
            question={question}
            confirmLabel="Yes, delete it"
            fallbackHref={`/dashboard/lists/${list.id}?delete=1`}
            fields={{}}
            intent="delete"
          />
        ) : null}
      </div>
      {list.mine ? <ListKeeperForms list={list} inCompany={inCompany} lastResult={renameReply} /> : null}
    </section>
  );
}
