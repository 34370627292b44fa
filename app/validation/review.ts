import { z } from "zod";

import { idField, requiredText } from "./common";

export const REVIEW_MAX_LENGTH = 1000;

export const ReviewSchema = z.object({
  name: requiredText("your name", 80),
  rating: z
    .number({ required_error: "Choose a rating from 1 to 5", invalid_type_error: "Choose a rating from 1 to 5" })
    .int("Choose a rating from 1 to 5")
    .min(1, "Choose a rating from 1 to 5")
    .max(5, "Choose a rating from 1 to 5"),
  review: requiredText("your review", REVIEW_MAX_LENGTH),
});

export const DeleteReviewSchema = z.object({
  intent: z.literal("delete"),
  reviewId: idField,
});
