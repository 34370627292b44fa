/** "Nov 22, 2026": dates are stored in UTC and shown in UTC, so server and browser agree. */
export function formatDate(iso: string) {
  return new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
