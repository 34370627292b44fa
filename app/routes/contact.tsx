import { getFormProps } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";

import { Field, FormErrors, StatusButton, TextareaField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { company } from "~/content/company";
import { receiveContactMessage } from "~/services/contact.server";
import { CONTACT_MESSAGE_MAX, ContactSchema, HONEYPOT_FIELD, MESSAGE_SENT } from "~/validation/contact";
import { redirectWithFlash } from "~/web/flash.server";
import { anyone, formAction } from "~/web/form-action.server";
import { cacheablePageHeaders } from "~/web/headers";
import { pageTitle, storeNameOf } from "~/web/meta";
import { limitsFor } from "~/web/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "Contact"),
  { name: "description", content: `Write to ${storeNameOf(matches)}, call us or visit the workshop in Sheffield.` },
];

// The same for every anonymous visitor: the server may keep it for a moment.
export const headers = cacheablePageHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  // A link may start the message (a search that found nothing: "I am looking for …").
  const message = new URL(request.url).searchParams.get("message")?.slice(0, CONTACT_MESSAGE_MAX) ?? "";
  return { company, message };
}

export const action = formAction({
  guard: anyone,
  schema: ContactSchema,
  // Per client and per sender, so a script cannot bury real messages in the admins' list.
  limits: ({ value, context }) => limitsFor("posting", `contact:${value.email}`, context.clientAddress),
  async run({ value }) {
    const { [HONEYPOT_FIELD]: honeypot, ...message } = value;
    // A filled honeypot is a bot: it gets the same thank-you, and nothing is stored.
    if (!honeypot) await receiveContactMessage(message);
    return redirectWithFlash("/contact", MESSAGE_SENT);
  },
});

export default function Contact() {
  const { company: details, message } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-10 md:grid-cols-2">
      <div>
        <h1 className="text-3xl font-bold">Contact</h1>
        <p className="mt-2 text-slate-700">
          Questions about a part, a fit or a larger order? An engineer answers within one working day.
        </p>
        <dl className="mt-6 space-y-4">
          <div>
            <dt className="font-semibold">Address</dt>
            <dd>
              <address className="not-italic">
                {details.address.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={`tel:${details.phone.replace(/\s/g, "")}`} className="text-orange-800 underline">
                {details.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Email</dt>
            <dd>
              <a href={`mailto:${details.email}`} className="text-orange-800 underline">
                {details.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="font-semibold">Opening hours</dt>
            <dd>{details.hours}</dd>
          </div>
        </dl>
      </div>
      <ContactForm key={useLocation().key} message={message} />
    </div>
  );
}

function ContactForm({ message }: { message: string }) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useZodForm(ContactSchema, { id: "contact", lastResult, defaultValue: { message } });
  return (
    <section aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading" className="text-2xl font-semibold">
        Send us a message
      </h2>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
        <Field label="Name" meta={fields.name} inputProps={{ autoComplete: "name" }} />
        <Field label="Email" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
        <TextareaField label="Message" meta={fields.message} textareaProps={{ maxLength: CONTACT_MESSAGE_MAX }} />
        {/* Hidden from people and assistive technology; bots that fill every field fill this one. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <FormErrors form={form} />
        <StatusButton pendingText="Sending…">Send message</StatusButton>
      </Form>
    </section>
  );
}
