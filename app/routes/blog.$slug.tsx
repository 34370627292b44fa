import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useFormatDate } from "~/components/use-format-date";
import { getPost } from "~/content/blog.server";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [pageTitle(matches, `${data.post.title}: blog`), { name: "description", content: data.post.description }]
    : [pageTitle(matches, "No such question")];

export function loader({ params }: LoaderFunctionArgs) {
  const post = getPost(params.slug ?? "");
  if (!post) throw data("This post does not exist.", { status: 404 });
  return { post };
}

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  const formatDate = useFormatDate();
  return (
    <article className="mx-auto max-w-3xl">
      <p>
        <AppLink to="/blog" className="text-sm font-semibold text-orange-800 underline">
          ← All questions
        </AppLink>
      </p>
      <h1 className="mt-3 text-3xl font-bold">{post.title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        <time dateTime={post.date}>{formatDate(post.date)}</time>
      </p>
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}

// Its own words for an unknown post; everything else is the root's error page.
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => ({
          title: "No such question",
          message: "We have no answer at this address. The blog lists every question we have answered.",
        }),
      }}
    />
  );
}
