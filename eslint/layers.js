// The layers of app/, lowest first, and what each may import (docs/decisions/0021-layers.md).
// Every folder may import itself. A folder missing from this table fails the lint's own test
// (tests/integration/layers.test.ts), so a new folder has to take a place here.
export const MAY_IMPORT = {
  lib: [],
  validation: ["lib"],
  config: ["lib"],
  content: ["lib", "config"],
  db: ["lib", "config"],
  models: ["lib", "validation", "config", "db"],
  // Invoices and other documents as PDFs, drawn from what models read.
  documents: ["lib", "config", "content", "models"],
  mail: ["lib", "config", "db"],
  services: ["lib", "validation", "config", "content", "db", "models", "documents", "mail"],
  // The web edge. web is request and reply glue (cookies, flash messages, headers, the form pipeline,
  // rate limits, whose counts go through their own database client); auth, above it, is who asks
  // (sessions, guards, recovery), and uses that glue. No two folders may import each other.
  web: ["lib", "validation", "config", "content", "db", "models", "services"],
  auth: ["lib", "validation", "config", "db", "models", "services", "web"],
  api: ["lib", "validation", "config", "models", "services", "auth", "web"],
  // What a feature's pages answer, shared by its routes: refusals in words and statuses, the wording
  // of dispatch dates, a product's structured data, the sitemap: out of the routes, so each reads as its page.
  replies: ["lib", "validation", "config", "content", "models", "documents", "services", "web", "auth"],
  // Components run in the browser too: values only from pure layers; types from anywhere below routes.
  components: ["lib", "validation", "content"],
  routes: [
    "lib",
    "validation",
    "config",
    "content",
    "models",
    "documents",
    "mail",
    "services",
    "auth",
    "web",
    "api",
    "replies",
    "components",
  ],
};

/** Layers whose modules may name a higher layer's types (never its values): components only. */
export const TYPES_FROM_ABOVE = new Set(["components"]);

export const APP_FOLDERS = Object.keys(MAY_IMPORT);

/** The ESLint configs that hold the table: one per folder, with the folders it must not import. */
export function layerRules() {
  return APP_FOLDERS.map((folder) => {
    const forbidden = APP_FOLDERS.filter((other) => other !== folder && !MAY_IMPORT[folder].includes(other));
    const patterns = [
      {
        regex: "^\\.\\./",
        message: "Import another folder of app/ as ~/folder/…, so the layer rules can see it.",
      },
    ];
    if (forbidden.length) {
      patterns.push({
        regex: `^~/(${forbidden.join("|")})(/|$)`,
        allowTypeImports: TYPES_FROM_ABOVE.has(folder),
        message: `app/${folder} may import only ${[folder, ...MAY_IMPORT[folder]].join(", ")} (docs/decisions/0021-layers.md).`,
      });
    }
    return {
      files: [`app/${folder}/**/*.{ts,tsx}`],
      ignores: ["**/*.test.ts"],
      rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
    };
  });
}
