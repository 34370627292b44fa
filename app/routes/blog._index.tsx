import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { useFormatDate } from "~/components/use-format-date";
import { listPosts } from "~/content/blog.server";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle, storeNameOf } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Blog"),
  {
    name: "description",
    content: `Questions and answers on building fast, reliable web applications, from the developer of the ${storeNameOf(matches)} shop.`,
  },
];

export function loader() {
  return { posts: listPosts() };
}

export default function Blog() {
  const { posts } = useLoaderData<typeof loader>();
  const formatDate = useFormatDate();
  return (
    <>
      <h1 className="text-3xl font-bold">Blog</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Questions we get asked about building this shop, answered in full.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {posts.map((post) => (
          <article key={post.slug} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold">
              <AppLink to={`/blog/${post.slug}`} className="hover:text-orange-800 hover:underline">
                {post.title}
              </AppLink>
            </h2>
            <p className="mt-1 text-xs text-slate-600">
              <time dateTime={post.date}>{formatDate(post.date)}</time>
            </p>
            <p className="mt-3 flex-1 text-sm text-slate-700">{post.description}</p>
            <AppLink
              to={`/blog/${post.slug}`}
              className="mt-4 text-sm font-semibold text-orange-800 underline"
              aria-label={`Read the answer: ${post.title}`}
            >
              Read the answer
            </AppLink>
          </article>
        ))}
      </div>
    </>
  );
}
