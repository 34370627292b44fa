import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AppLink } from "~/components/app-link";
import { Carousel, FIRST_SLIDE_IMAGE } from "~/components/carousel";
import { ItemGrid } from "~/components/item-card";
import { ReviewGrid } from "~/components/review-card";
import { listNewestItems } from "~/models/item";
import { withMainPictures } from "~/models/media-reads.server";
import { listNewestReviews } from "~/models/review.server";
import { withDispatch } from "~/replies/dispatch.server";
import { cacheablePageHeaders } from "~/web/headers";
import { storeNameOf } from "~/web/meta";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

const HOME_ITEM_COUNT = 6;
const HOME_REVIEW_COUNT = 6;

// The first slide is the page's largest paint: asked for with the stylesheet, not once the parser
// reaches it behind the header.
export const links: LinksFunction = () => [
  { rel: "preload", as: "image", href: FIRST_SLIDE_IMAGE, type: "image/svg+xml", fetchpriority: "high" },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: `${storeNameOf(matches)} | Machine parts made to order` },
  {
    name: "description",
    content: "Gears, bearings, drives and fasteners from one manufacturer, with live stock and real customer reviews.",
  },
];

export async function loader() {
  const [items, reviews] = await Promise.all([
    listNewestItems(HOME_ITEM_COUNT).then((items) => withMainPictures(withDispatch(items))),
    listNewestReviews(HOME_REVIEW_COUNT),
  ]);
  return { items, reviews };
}

export default function Home() {
  const { items, reviews } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="sr-only">Gearwright Parts: machine parts made to order</h1>
      <Carousel />
      <section aria-labelledby="items-heading" className="mt-12">
        <div className="flex items-baseline justify-between">
          <h2 id="items-heading" className="text-2xl font-bold">
            Newest parts
          </h2>
          <AppLink to="/items" className="font-semibold text-orange-800 underline">
            See the full catalog
          </AppLink>
        </div>
        {/* On a phone the first card's picture is the largest thing on screen (the LCP): never lazy. */}
        <ItemGrid items={items} emptyText="No parts in the catalog yet." priorityCount={1} />
      </section>
      <section aria-labelledby="reviews-heading" className="mt-12">
        <h2 id="reviews-heading" className="text-2xl font-bold">
          What customers say
        </h2>
        <ReviewGrid reviews={reviews} emptyText="No reviews yet." />
      </section>
    </>
  );
}
