import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { headerCart } from "~/auth/guest-cart.server";
import { clearSessionCookie, getCurrentUser, hasSessionCookie } from "~/auth/session.server";
import { AppLink, InAppNavigationProvider } from "~/components/app-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlashMessage } from "~/components/flash-message";
import { Footer } from "~/components/footer";
import { Navbar } from "~/components/navbar";
import { useNonce } from "~/components/nonce";
import { ProgressBar } from "~/components/progress-bar";
import { useFocusOnNavigation } from "~/components/use-focus-on-navigation";
import { storeMoneyFormat, storeName, storePricingRules } from "~/config/env.server";
import { takeFlash } from "~/web/flash.server";

import stylesheet from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.storeName ?? "Gearwright Parts" },
  { name: "description", content: "Machine parts made to order: gears, bearings, drives and fasteners." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { flash, setCookie }] = await Promise.all([getCurrentUser(request), takeFlash(request)]);
  // The account's cart, or the one this browser filled before signing in (its own cookie).
  const cart = await headerCart(request, user);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (cart.setCookie) headers.append("Set-Cookie", cart.setCookie);
  // A cookie whose session was ended or has expired is removed, so the browser stops sending it.
  if (!user && hasSessionCookie(request)) headers.append("Set-Cookie", await clearSessionCookie());
  return data(
    {
      user: user ? { display_name: user.display_name, role: user.role } : null,
      /** The procurement system this browser shops for, when it is a punchout session. */
      punchoutSystem: user?.punchout?.systemName ?? null,
      flash,
      storeName: storeName(),
      money: storeMoneyFormat(),
      pricing: storePricingRules(),
      /** The parts in the cart: the header counts them, and adds and removals pending on the page. */
      cartItemIds: cart.itemIds,
      year: new Date().getUTCFullYear(),
    },
    { headers },
  );
}

// Cache-Control and Vary are set for every document and data request in app/entry.server.tsx.
export const headers: HeadersFunction = () => ({});

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useFocusOnNavigation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const name = rootData?.storeName ?? "Gearwright Parts";
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-slate-50 text-slate-900 antialiased">
        <InAppNavigationProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
          >
            Skip to content
          </a>
          <ProgressBar />
          <Navbar storeName={name} user={rootData?.user ?? null} cartItemIds={rootData?.cartItemIds ?? []} />
          {rootData?.punchoutSystem ? <PunchoutBanner systemName={rootData.punchoutSystem} /> : null}
          <FlashMessage flash={rootData?.flash ?? null} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
            {children}
          </main>
          <Footer storeName={name} year={rootData?.year ?? new Date().getUTCFullYear()} />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </InAppNavigationProvider>
      </body>
    </html>
  );
}

/** A punchout session says whom it shops for on every page, and where its cart goes. */
function PunchoutBanner({ systemName }: { systemName: string }) {
  return (
    <section
      aria-label="Punchout session"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950"
    >
      You are shopping for <strong>{systemName}</strong>: your company&apos;s prices apply, and the cart goes back to{" "}
      {systemName} from the{" "}
      <AppLink to="/cart" className="font-semibold underline">
        cart
      </AppLink>{" "}
      for approval there.
    </section>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
