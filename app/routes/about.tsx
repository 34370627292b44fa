import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { about, company } from "~/content/company";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle, storeNameOf } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "About us"),
  {
    name: "description",
    content: `Who we are, what we make, for whom, and how ordering works at ${storeNameOf(matches)}.`,
  },
];

export function loader() {
  return { about, tagline: company.tagline };
}

export default function About() {
  const { about: content, tagline } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold">About us</h1>
      <p className="mt-1 text-slate-600">{tagline}</p>
      <p className="mt-6 text-lg text-slate-800">{content.intro}</p>
      {content.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-2xl font-semibold">{section.heading}</h2>
          <div className="mt-3 space-y-3 text-slate-800">
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>
      ))}
      <p className="mt-10">
        <AppLink to="/items" className="font-semibold text-orange-800 underline">
          Browse the catalog
        </AppLink>{" "}
        or{" "}
        <AppLink to="/contact" className="font-semibold text-orange-800 underline">
          get in touch
        </AppLink>
        .
      </p>
    </div>
  );
}
