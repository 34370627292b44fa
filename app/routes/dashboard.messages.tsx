import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/permissions.server";
import { useFormatDate } from "~/components/use-format-date";
import { listMessages } from "~/models/message.server";
import { pageTitle } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "Messages")];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { messages: await listMessages() };
}

export default function Messages() {
  const { messages } = useLoaderData<typeof loader>();
  const formatDate = useFormatDate();
  return (
    <section>
      <h1 className="text-2xl font-bold">Messages</h1>
      {messages.length === 0 ? (
        <p className="mt-6 text-slate-600">No messages yet.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {messages.map((message) => (
            <li key={message.id}>
              <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <h2 className="font-semibold">
                  {message.name}{" "}
                  <a href={`mailto:${message.email}`} className="font-normal text-orange-800 underline">
                    {message.email}
                  </a>
                </h2>
                <p className="text-xs text-slate-600">
                  <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
                </p>
                <p className="mt-2 whitespace-pre-line text-slate-800">{message.message}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
