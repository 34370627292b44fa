import { renderToStaticMarkup } from "react-dom/server";

import { storeName } from "~/config/env.server";

// Every message is rendered twice from one description: plain text and HTML, with the store's name
// and absolute links built from APP_URL.

/**
 * A message as written. `linkToken` is the token of its one-time link, whose place in the text and
 * HTML holds ONE_TIME_TOKEN_MARKER until it is sent (one-time-links.server.ts).
 */
export type RenderedMessage = { subject: string; text: string; html: string; linkToken?: string };

export function Letter({ heading, children, link }: { heading: string; children: React.ReactNode; link: string }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "sans-serif", color: "#0f172a" }}>
        <h1 style={{ fontSize: 20 }}>{heading}</h1>
        {children}
        <p>
          <a href={link}>{link}</a>
        </p>
        <p style={{ color: "#475569", fontSize: 12 }}>{storeName()}</p>
      </body>
    </html>
  );
}

export function html(element: React.ReactElement) {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
