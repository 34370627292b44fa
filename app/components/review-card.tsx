import type { ReactNode } from "react";

import type { ReviewSummary as Review } from "~/models/review.server";

export function StarRating({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p className="text-orange-600" aria-label={`Rated ${rating} out of 5`} role="img">
      <span aria-hidden>{"★".repeat(filled)}</span>
      <span aria-hidden className="text-slate-300">
        {"★".repeat(5 - filled)}
      </span>
    </p>
  );
}

/** The reviewer's name is a heading one level below the list's own: h3 on the home page, h2 on My Reviews. */
export function ReviewCard({
  review,
  actions,
  headingLevel = 3,
}: {
  review: Review;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <Heading className="font-semibold">{review.name}</Heading>
      <StarRating rating={review.rating} />
      <p className="whitespace-pre-line text-sm text-slate-700">{review.review}</p>
      {actions}
    </article>
  );
}

export function ReviewGrid({ reviews, emptyText }: { reviews: Review[]; emptyText: string }) {
  if (reviews.length === 0) return <p className="mt-6 text-slate-600">{emptyText}</p>;
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <ReviewCard key={review.id} review={review} />
      ))}
    </div>
  );
}
