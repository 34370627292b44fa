import { db, now } from "~/db/db.server";
import type { Review } from "~/db/schema";

const reviewColumns = ["id", "name", "rating", "review", "created_at"] as const;

/** A review as lists show it. */
export type ReviewListing = Pick<Review, (typeof reviewColumns)[number]>;

/** What a review card shows, and all the home page sends for each review. */
export type ReviewSummary = Pick<ReviewListing, "id" | "name" | "rating" | "review">;

export function listNewestReviews(limit: number): Promise<ReviewSummary[]> {
  return db
    .selectFrom("reviews")
    .select(["id", "name", "rating", "review"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The newest reviews written about one part, for its page. */
export function listReviewsOfItem(itemId: number, limit = 20): Promise<ReviewListing[]> {
  return db
    .selectFrom("reviews")
    .select(reviewColumns)
    .where("item_id", "=", itemId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Newest first, a page at a time (GET /api/review): `below` an id (a Link's cursor), after `offset` of them. */
export function listReviews({ limit, offset, below }: { limit: number; offset: number; below?: number }) {
  let query = db.selectFrom("reviews").select(reviewColumns).orderBy("id", "desc").limit(limit).offset(offset);
  if (below !== undefined) query = query.where("id", "<", below);
  return query.execute() as Promise<ReviewListing[]>;
}

/** One review, by id (GET /api/review/:id, where a new review's Location points). */
export function getReview(id: number) {
  return db.selectFrom("reviews").select(reviewColumns).where("id", "=", id).executeTakeFirst();
}

export function listReviewsByUser(userId: number): Promise<ReviewListing[]> {
  return db.selectFrom("reviews").select(reviewColumns).where("user_id", "=", userId).orderBy("id", "desc").execute();
}

export function createReview(input: {
  userId: number | null;
  name: string;
  rating: number;
  review: string;
  /** The part the review is about; none for a review of the shop. */
  itemId?: number | null;
}) {
  return db
    .insertInto("reviews")
    .values({
      user_id: input.userId,
      item_id: input.itemId ?? null,
      name: input.name,
      rating: input.rating,
      review: input.review,
      created_at: now(),
    })
    .returning(reviewColumns)
    .executeTakeFirstOrThrow();
}

/** Deletes a review only when the given user wrote it; returns how many rows went (0 or 1). */
export async function deleteOwnReview(reviewId: number, userId: number) {
  const result = await db
    .deleteFrom("reviews")
    .where("id", "=", reviewId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
