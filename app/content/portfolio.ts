/** The store's developer profile shown on /portfolio. Edit this file to change the page. */
export const portfolio = {
  name: "Noor Haddad",
  role: "Full-stack web developer, Gearwright Parts",
  bio: [
    "I build and run the Gearwright Parts web shop: the catalog, ordering, the dashboard our team uses to ship orders, and the tests that keep it all honest.",
    "I care about pages that load fast on a workshop tablet, forms that work with JavaScript off, and data that is never half-written. Before joining Gearwright I spent six years building internal tools for logistics companies.",
  ],
  technologies: [
    "TypeScript",
    "React",
    "Remix",
    "Node.js",
    "SQL (SQLite and PostgreSQL)",
    "Kysely",
    "Zod",
    "Tailwind CSS",
    "Vitest",
    "Playwright",
    "Web accessibility (WCAG 2.2)",
  ],
  projects: [
    {
      name: "Gearwright Parts storefront",
      description:
        "This shop: server-rendered Remix pages, real orders with stock that never oversells, and an admin dashboard.",
      url: "https://github.com/remix-run/remix",
      linkLabel: "Built on Remix",
    },
    {
      name: "Torque calculator",
      description:
        "A small, offline-first tool that sizes gear pairs and keys from torque and speed, used by our sales engineers.",
      url: "https://developer.mozilla.org/en-US/docs/Web/Progressive_web_apps",
      linkLabel: "About progressive web apps",
    },
    {
      name: "Open parts data",
      description:
        "A public JSON feed of our catalog for integrators, documented with OpenAPI and generated from the same validation rules as the shop.",
      url: "https://www.openapis.org/",
      linkLabel: "The OpenAPI initiative",
    },
  ],
};
