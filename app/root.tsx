import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { getCurrentUser } from "~/auth/guards.server";
import { commitSession, getSession, takeFlash } from "~/auth/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlashMessage } from "~/components/flash-message";
import { Footer } from "~/components/footer";
import { Navbar } from "~/components/navbar";
import { ProgressBar } from "~/components/progress-bar";
import { storeName } from "~/utils/env.server";
import { useNonce } from "~/utils/nonce";
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
  const [user, session] = await Promise.all([getCurrentUser(request), getSession(request)]);
  const flash = takeFlash(session);
  const headers = new Headers({ "Cache-Control": documentCacheControl(user !== null) });
  // Committing only when a flash was read keeps ordinary pages free of Set-Cookie.
  if (flash) headers.set("Set-Cookie", await commitSession(session));
  return data(
    {
      user: user ? { display_name: user.display_name, role: user.role } : null,
      flash,
      storeName: storeName(),
      year: new Date().getUTCFullYear(),
    },
    { headers },
  );
}

/**
 * No shared cache may keep a page: every document carries this response's CSP nonce, the navbar of
 * whoever asked and live stock. Browsers revalidate every time; a signed-in visitor's pages (orders,
 * addresses) are not stored at all. Static assets are another matter: remix-serve serves /assets
 * (content-hashed) immutable for a year, and public/ for an hour.
 */
function documentCacheControl(signedIn: boolean) {
  return signedIn ? "private, no-store" : "private, no-cache";
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? documentCacheControl(false),
  Vary: "Cookie",
});

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
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
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <ProgressBar />
        <Navbar storeName={name} user={rootData?.user ?? null} />
        <FlashMessage flash={rootData?.flash ?? null} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
        <Footer storeName={name} year={rootData?.year ?? new Date().getUTCFullYear()} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
