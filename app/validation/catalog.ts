import { z } from "zod";

/** Catalog URL parameters: anything odd falls back to the first page of everything, never an error. */
export const CatalogQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
