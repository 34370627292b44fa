// What the home page makes a browser download in JavaScript and CSS, from the build's own manifests.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

function sizes(file) {
  const content = fs.readFileSync(file);
  // Level 6 is what remix-serve's compression middleware uses.
  return { raw: content.length, gzip: zlib.gzipSync(content, { level: 6 }).length };
}

/**
 * Vite's client manifest: build/.vite/client-manifest.json (build.manifest: true) or
 * build/client/.vite/manifest.json.
 */
function readViteManifest(buildDir) {
  for (const candidate of [
    path.join(buildDir, ".vite", "client-manifest.json"),
    path.join(buildDir, "client", ".vite", "manifest.json"),
  ]) {
    if (fs.existsSync(candidate)) return { file: candidate, manifest: JSON.parse(fs.readFileSync(candidate, "utf8")) };
  }
  return null;
}

/** The chunk keys the home page needs: the client entry, root and routes/_index, and everything they import. */
function viteClosure(manifest) {
  const entryKey = Object.keys(manifest).find((key) => /entry\.client\.[jt]sx?$/.test(key));
  // Route modules are keyed with a query the Remix plugin adds: app/root.tsx?__remix-build-client-route.
  const routeKey = (file) => Object.keys(manifest).find((key) => key === file || key.startsWith(`${file}?`));
  const wanted = [entryKey, routeKey("app/root.tsx"), routeKey("app/routes/_index.tsx")].filter(Boolean);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith(".css")) files.add(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  wanted.forEach(visit);
  return { entries: wanted, files };
}

/**
 * Every script, module preload and stylesheet the served home page's HTML loads: tags with src or
 * href, and the inline module script's static imports (the route chunks). URLs that are only
 * mentioned, such as the route manifest's own address, are not loads.
 */
function htmlAssets(html) {
  const found = new Set();
  const asset = String.raw`(\/assets\/[^"']+\.(?:js|css))`;
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const src = tag.match(new RegExp(String.raw`\b(?:src|href)="${asset}"`));
    const loads = tag.startsWith("<script") || /\brel="(?:stylesheet|modulepreload|preload)"/.test(tag);
    if (src && loads) found.add(src[1].slice(1));
  }
  for (const match of html.matchAll(new RegExp(String.raw`\bimport\s*(?:[\w*{}\s,]+from\s*)?["']${asset}["']`, "g")))
    found.add(match[1].slice(1));
  return found;
}

/**
 * The home page's JS and CSS: Vite's manifest closure of the entry, root and routes/_index chunks,
 * cross-checked against the HTML the server actually sent (anything the HTML loads that the closure
 * missed, such as Remix's route manifest, is added and listed).
 */
export function homePayload(buildDir, homeHtml) {
  const vite = readViteManifest(buildDir);
  const clientDir = path.join(buildDir, "client");
  const files = new Set();
  let source;
  if (vite) {
    const closure = viteClosure(vite.manifest);
    closure.files.forEach((file) => files.add(file));
    source = `${path.relative(path.dirname(buildDir), vite.file)} (${closure.entries.map((key) => key.split("?")[0]).join(", ")} and their imports)`;
  } else {
    source = "the served HTML (no Vite manifest in this build)";
  }
  const fromHtmlOnly = [];
  for (const file of htmlAssets(homeHtml)) {
    if (!files.has(file) && fs.existsSync(path.join(clientDir, file))) {
      files.add(file);
      if (vite) fromHtmlOnly.push(file);
    }
  }
  const rows = [...files]
    .filter((file) => fs.existsSync(path.join(clientDir, file)))
    .map((file) => ({ file, kind: file.endsWith(".css") ? "css" : "js", ...sizes(path.join(clientDir, file)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = (kind, field) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row[field], 0);
  return {
    source,
    fromHtmlOnly,
    files: rows,
    js: { raw: total("js", "raw"), gzip: total("js", "gzip") },
    css: { raw: total("css", "raw"), gzip: total("css", "gzip") },
  };
}
