const DEFAULT_REDIRECT = "/";

/**
 * Only same-site paths are followed: a single leading slash, no protocol-relative `//host`, no
 * backslash (browsers read `/\host` as `//host`), no control characters. Anything else falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT) {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const resolved = new URL(to, "http://same-site.invalid");
    if (resolved.host !== "same-site.invalid") return fallback;
    // Dot segments are resolved away: "/..//evil.com" and "/%2e%2e//evil.com" become "//evil.com",
    // which a browser reads as another host. The normalised path is what must be same-site.
    const path = resolved.pathname + resolved.search + resolved.hash;
    if (path.startsWith("//") || path.includes("\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
