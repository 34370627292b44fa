import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { portfolio } from "~/content/portfolio";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Portfolio"),
  { name: "description", content: `${portfolio.name}, ${portfolio.role}: technologies and projects.` },
];

export function loader() {
  return { portfolio };
}

export default function Portfolio() {
  const { portfolio: profile } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">{profile.name}</h1>
      <p className="mt-1 text-lg text-slate-700">{profile.role}</p>
      <div className="mt-6 max-w-3xl space-y-3 text-slate-800">
        {profile.bio.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <section aria-labelledby="technologies" className="mt-10">
        <h2 id="technologies" className="text-2xl font-semibold">
          Technologies
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {profile.technologies.map((technology) => (
            <li key={technology} className="rounded-full bg-slate-200 px-3 py-1 text-sm font-medium text-slate-800">
              {technology}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="projects" className="mt-10">
        <h2 id="projects" className="text-2xl font-semibold">
          Projects
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          {profile.projects.map((project) => (
            <article
              key={project.name}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h3 className="text-lg font-semibold">{project.name}</h3>
              <p className="mt-2 flex-1 text-sm text-slate-700">{project.description}</p>
              <a
                href={project.url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-4 text-sm font-semibold text-orange-800 underline"
              >
                {project.linkLabel}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
