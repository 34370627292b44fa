// What an erased account (issue 53, app/models/account-erasure.server.ts) leaves in place of the
// person: shared with the pages that say so.

/** What the erased account's row says instead of the person. */
export const ERASED_NAME = "Erased customer";
/** What a review the erased person wrote is signed with: the review stays, about its part. */
export const ERASED_REVIEWER = "A customer";
/** What an order that no kept document needs says in place of its addresses. */
export const ERASED_ADDRESS = "Erased";

/** The address an erased account's row holds: unique, as the column must be, and deliverable nowhere (RFC 2606). */
export function erasedEmail(userId: number) {
  return `erased-${userId}@erased.invalid`;
}
