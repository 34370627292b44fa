import { data } from "@remix-run/node";

import { getItem } from "~/models/item.server";
import { parseId } from "~/validation/common";

/** The item a URL's `:id` names, or a 404 page (also for ids that are not numbers at all). */
export async function requireItemFromParams(idParam: string | undefined, notFoundMessage: string) {
  const id = parseId(idParam);
  const item = id ? await getItem(id) : undefined;
  if (!item) throw data(notFoundMessage, { status: 404 });
  return item;
}
