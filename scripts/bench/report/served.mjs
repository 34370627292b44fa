// The report's sections on what the server sends: the home page's payload and the caching headers.
import { fmt, table } from "../lib/report.mjs";

export function payloadSection({ payload }) {
  const also = payload.fromHtmlOnly.length
    ? `, plus what the served HTML also loads: ${payload.fromHtmlOnly.join(", ")}`
    : "";
  const rows = [
    ...payload.files.map((file) => [`\`${file.file}\``, file.kind, fmt.kb(file.raw), fmt.kb(file.gzip)]),
    ["**JavaScript total**", "js", fmt.kb(payload.js.raw), `**${fmt.kb(payload.js.gzip)}**`],
    ["**CSS total**", "css", fmt.kb(payload.css.raw), `**${fmt.kb(payload.css.gzip)}**`],
  ];
  return [
    "",
    "### Home page payload",
    "",
    `From ${payload.source}${also}. Gzip at level 6, as the server's compression sends it to a browser without brotli.`,
    "",
    table(["File", "Kind", "raw", "gzip"], rows),
  ];
}

export function cachingSection({ caching }) {
  const rows = caching.map((row) => [
    row.label,
    `\`${row.url}\``,
    String(row.status),
    `\`${row.cacheControl}\``,
    row.vary,
  ]);
  return [
    "",
    "### Caching headers, as served",
    "",
    table(["Response", "URL", "Status", "Cache-Control", "Vary"], rows),
    "",
  ];
}
