import { setCustomerPartNumber } from "~/models/customer-part-numbers.server";
import { addListToCart, type ListReader, MAX_LIST_LINES, saveCartAsList } from "~/models/parts-lists";
import { MAX_PARTS_LISTS } from "~/validation/parts-lists";
import { redirectWithFlash } from "~/web/flash.server";
import { refuse } from "~/web/form-action.server";

// The parts list forms' answers, shared by the cart, the lists page and a list's own page.

export const LIST_NOT_FOUND = "Parts list not found.";

export function duplicateListName(name: string) {
  return refuse(400, {
    fieldErrors: { name: [`You already have a list named “${name.trim()}”: choose another name.`] },
  });
}

/** "Save as a parts list" on the cart: the new list's page, or why there is none. */
export async function saveListReply(userId: number, name: string) {
  const saved = await saveCartAsList(userId, name);
  if (saved.ok) {
    const parts = `${saved.lines} part${saved.lines === 1 ? "" : "s"}`;
    return redirectWithFlash(
      `/dashboard/lists/${saved.listId}`,
      `Saved ${parts} as “${name.trim()}”. Your cart is as it was.`,
    );
  }
  switch (saved.reason) {
    case "empty":
      return refuse(400, "Your cart is empty: add the parts you want to keep first.");
    case "duplicate":
      return duplicateListName(name);
    case "too-many-lists":
      return refuse(400, `You have ${MAX_PARTS_LISTS} parts lists, the most you may keep: delete one first.`);
    case "too-many-lines":
      return refuse(400, `A parts list holds at most ${MAX_LIST_LINES} parts and your cart has ${saved.lines}.`);
  }
}

function partsText(partNumbers: string[]) {
  return partNumbers.slice(0, 10).join(", ") + (partNumbers.length > 10 ? ` and ${partNumbers.length - 10} more` : "");
}

/** "Add to cart" on a list: the cart, with what went in and what did not. */
export async function addListToCartReply(reader: ListReader, listId: number) {
  const outcome = await addListToCart(reader, listId);
  if (!outcome.ok) {
    return outcome.reason === "not-found"
      ? refuse(404, LIST_NOT_FOUND)
      : refuse(400, "This list has no parts left: add parts to your cart and save a new list.");
  }
  const sentences = [
    outcome.added.length
      ? `Added ${outcome.added.length} part${outcome.added.length === 1 ? "" : "s"} from the list to your cart.`
      : "Nothing from the list went into your cart.",
  ];
  if (outcome.noRoom.length) sentences.push(`No room in your cart for ${partsText(outcome.noRoom)}.`);
  if (outcome.offSale.length) sentences.push(`No longer sold: ${partsText(outcome.offSale)}.`);
  return redirectWithFlash("/cart", {
    kind: outcome.added.length ? "success" : "error",
    message: sentences.join(" "),
  });
}

/** Why a list could not be shared. */
export const NO_COMPANY_OR_LIST: Record<string, string> = {
  "no-company": "You are not in a company: there is no one to share it with.",
  "not-found": LIST_NOT_FOUND,
};

/** Why a colleague who reads a list cannot change it. */
export function keeperOnly(keptBy: string) {
  return `Only ${keptBy}, who keeps this list, changes it: add it to your cart, or save your cart as a list of your own.`;
}

/** The reader's own number for a part on the list (any reader sets theirs): saved, removed, or refused as taken. */
export async function customerPartNumberReply(
  userId: number,
  list: { lines: { itemId: number }[] },
  value: { itemId: number; customerPartNumber?: string | null },
  here: string,
) {
  if (!list.lines.some((line) => line.itemId === value.itemId)) return refuse(404, "This part is not on the list.");
  const set = await setCustomerPartNumber(userId, value.itemId, value.customerPartNumber ?? null);
  if (!set.ok) {
    return set.reason === "taken"
      ? refuse(400, {
          fieldErrors: {
            customerPartNumber: [`You already use this number for ${set.partNumber}: give each part its own.`],
          },
        })
      : refuse(404, "This part is not on the list.");
  }
  return redirectWithFlash(here, value.customerPartNumber ? "Your part number saved." : "Your part number removed.");
}
