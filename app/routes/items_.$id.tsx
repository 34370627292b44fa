import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { getCurrentUser } from "~/auth/session.server";
import { AppLink } from "~/components/app-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductBuy } from "~/components/product-buy";
import { ProductDocuments, ProductPictures } from "~/components/product-pictures";
import { ReviewCard } from "~/components/review-card";
import { appUrl, storeMoneyFormat } from "~/config/env.server";
import { pictureSources } from "~/lib/media";
import { getProduct } from "~/models/item";
import { documentsOf, picturesOf } from "~/models/media-reads.server";
import { buyerTiersFor, listPriceBreaks } from "~/models/pricing.server";
import { listReviewsOfItem } from "~/models/review.server";
import { dispatchClockNow, withDispatch } from "~/replies/dispatch.server";
import { jsonForScript, productJsonLd } from "~/replies/structured-data.server";
import { parseId } from "~/validation/common";
import { typedQuantity } from "~/validation/order";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle } from "~/web/meta";

const NO_SUCH_PART = "We have no part at this address. The catalog lists every part we sell.";

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? [
        pageTitle(matches, `${data.product.name} (${data.product.part_number})`),
        { name: "description", content: data.product.description.slice(0, 155) },
        { tagName: "link", rel: "canonical", href: data.canonical },
      ]
    : [pageTitle(matches, "No such part")];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const product = id ? await getProduct(id) : undefined;
  if (!product) throw data(NO_SUCH_PART, { status: 404 });
  const origin = new URL(appUrl()).origin;
  const [reviews, breaks, pictures, documents, user] = await Promise.all([
    listReviewsOfItem(product.id),
    listPriceBreaks(product.id),
    picturesOf([product.id]).then((found) => found.get(product.id) ?? []),
    documentsOf([product.id]).then((found) => found.get(product.id) ?? []),
    getCurrentUser(request),
  ]);
  // A signed-in buyer's own prices: such a page is never kept by the page cache (its session cookie).
  const yourPrice = await buyerTiersFor(user?.id, product, breaks);
  const clock = dispatchClockNow();
  const [{ dispatch }] = withDispatch([product], clock);
  return {
    product,
    dispatch,
    clock,
    // "Show price" without JavaScript asks for the page with the typed quantity.
    quantity: typedQuantity(new URL(request.url).searchParams.get("quantity"), product.min_order_quantity),
    reviews,
    breaks,
    yourPrice,
    // The main picture at every width; the gallery's as small pictures.
    pictures: pictures.map((picture, index) => pictureSources(picture, index === 0 ? 1280 : 640)),
    documents,
    canonical: `${origin}/items/${product.id}`,
    jsonLd: jsonForScript(productJsonLd(product, { origin, money: storeMoneyFormat(), pictures, documents })),
  };
}

export default function ProductPage() {
  const { product, dispatch, clock, quantity, reviews, breaks, yourPrice, pictures, documents, jsonLd } =
    useLoaderData<typeof loader>();
  return (
    <article className="grid gap-8 md:grid-cols-2">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <ProductPictures name={product.name} img={product.img} pictures={pictures} />
      <div>
        {product.category_slug ? (
          <p className="text-sm">
            <AppLink
              to={`/items?category=${product.category_slug}`}
              className="font-semibold text-orange-800 underline"
            >
              {product.category_name}
            </AppLink>
          </p>
        ) : null}
        <h1 className="mt-1 text-3xl font-bold">{product.name}</h1>
        <p className="mt-1 font-mono text-sm text-slate-700">
          Part number <span className="font-semibold">{product.part_number}</span>
        </p>
        <ProductBuy
          part={product}
          breaks={breaks}
          yourPrice={yourPrice}
          quantity={quantity}
          clock={clock}
          dispatch={dispatch}
        />
        <p className="mt-6 text-slate-800">{product.description}</p>
        <h2 className="mt-8 text-xl font-semibold">Specifications</h2>
        <table className="mt-3 w-full text-left text-sm">
          <tbody>
            {product.specs.map((spec) => (
              <tr key={spec.name} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-600">
                  {spec.name}
                </th>
                <td className="py-2">
                  {spec.value}
                  {spec.unit ? ` ${spec.unit}` : ""}
                </td>
              </tr>
            ))}
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-600">
                Supplier
              </th>
              <td className="py-2">{product.supplier_name}</td>
            </tr>
          </tbody>
        </table>
        <ProductDocuments documents={documents} />
      </div>
      <section aria-labelledby="reviews-heading" className="md:col-span-2">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          Reviews of this part
        </h2>
        {reviews.length ? (
          <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
          </div>
        ) : (
          <p className="mt-2 text-slate-600">No reviews of this part yet.</p>
        )}
      </section>
    </article>
  );
}

// Its own words for an unknown part; everything else is the root's error page.
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => ({ title: "No such part", message: NO_SUCH_PART }) }} />;
}
