// SQL LIKE patterns for text a person typed: `%`, `_` and the escape character itself are matched
// as they are. Used with `escape '\'` (LIKE_ESCAPE), and against lower(column), which both
// databases fold alike for the ASCII a part number or an email holds.

export const LIKE_ESCAPE = "\\";

/** A pattern for `lower(column) like ? escape '\'` that finds `text` anywhere in the column. */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
}
