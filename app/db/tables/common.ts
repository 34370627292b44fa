export type Role = "user" | "admin";

/** Timestamps are ISO-8601 strings in UTC on both dialects (see docs/decisions/0002-timestamps-as-iso-text.md). */
export type Timestamp = string;
