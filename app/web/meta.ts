import type { MetaDescriptor } from "@remix-run/node";

type MetaMatches = readonly { id: string; data: unknown }[];

/** STORE_NAME, as the root loader sent it (the demo name until it has loaded). */
export function storeNameOf(matches: MetaMatches) {
  const root = matches.find((match) => match.id === "root")?.data as { storeName?: string } | undefined;
  return root?.storeName ?? "Gearwright Parts";
}

/** "Sign in | Gearwright Parts": every page's title names the store from STORE_NAME. */
export function pageTitle(matches: MetaMatches, title: string): MetaDescriptor {
  return { title: `${title} | ${storeNameOf(matches)}` };
}
