/**
 * What happened to a visitor's cart when it moved into an account's at sign-in or sign-up
 * (`mergeGuestCart` in app/models/cart/), and the one message that tells the buyer.
 */
export type CartMerge = {
  /** Each line moved in, in the order the visitor added them. */
  added: {
    partNumber: string;
    /** What the visitor had in their cart. */
    quantity: number;
    /** What the account's cart already held of the part (0 when none). */
    had: number;
    /** The line now: had + quantity, kept at the part's minimum and within a line's bounds. */
    total: number;
    /** Why the total is not had + quantity, if it is not. */
    adjusted?: { to: "minimum" | "most"; quantity: number };
  }[];
  /** Parts taken off sale since the visitor added them: left out. */
  noLongerSold: string[];
  /** Parts that did not fit: the account's cart already held as many parts as a cart may. */
  noRoom: string[];
};

/** How many parts a message names in each of its lists before it counts the rest. */
const NAMED_IN_MESSAGE = 5;

function listed(names: string[], noun: string) {
  if (names.length <= 1) return names.join("");
  const named = names.slice(0, names.length > NAMED_IN_MESSAGE ? NAMED_IN_MESSAGE : -1);
  const rest = names.length - named.length;
  const last = names.length > NAMED_IN_MESSAGE ? `${rest} more ${noun}${rest === 1 ? "" : "s"}` : names.at(-1)!;
  return `${named.join(", ")} and ${last}`;
}

function describeLine({ partNumber, quantity, had, total, adjusted }: CartMerge["added"][number]) {
  const notes: string[] = [];
  if (adjusted?.to === "minimum") notes.push(`raised to its minimum of ${adjusted.quantity}`);
  else if (adjusted?.to === "most") notes.push(`capped at ${adjusted.quantity}, the most one line holds`);
  else if (had > 0) notes.push(`now ${total}`);
  return `${quantity} × ${partNumber}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/**
 * The message for the page after sign-in: "25 × GW-SG-M1-20 added to your cart; GW-X was no longer
 * sold." A few parts are named in each list and the rest counted, so it stays short enough for the
 * flash cookie whatever the cart held. Empty when the visitor's cart was empty.
 */
export function cartMergeMessage(merge: CartMerge, { maxLines }: { maxLines: number }) {
  const parts: string[] = [];
  if (merge.added.length) parts.push(`${listed(merge.added.map(describeLine), "part")} added to your cart`);
  if (merge.noLongerSold.length) {
    parts.push(
      `${listed(merge.noLongerSold, "part")} ${merge.noLongerSold.length === 1 ? "was" : "were"} no longer sold`,
    );
  }
  if (merge.noRoom.length) {
    parts.push(`${listed(merge.noRoom, "part")} did not fit: a cart holds at most ${maxLines} parts`);
  }
  return parts.length ? `${parts.join("; ")}.` : "";
}
