import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { CheckboxField, Field, FormErrors, SelectField, StatusButton } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import type { PunchoutConnection } from "~/models/punchout";
import { PunchoutConnectionSchema } from "~/validation/punchout";
import type { FormReply } from "~/web/form-action.server";

type Connection = Omit<PunchoutConnection, "id" | "companyId">;

const PROTOCOLS = [
  { value: "cxml", label: "cXML PunchOut (Coupa, SAP Ariba, Jaggaer, Oracle…)" },
  { value: "oci", label: "SAP OCI 4.0/5.0 (SAP SRM, S/4HANA)" },
];

/**
 * Staff's form for a company's procurement system: how it proves itself and whom its sessions act
 * as. Saving a new connection, or asking for a new secret, shows the secret once (NewSecret).
 */
export function PunchoutConnectionForm({
  connection,
  members,
  reply,
}: {
  connection: Connection | null;
  members: readonly { id: number; display_name: string; email: string }[];
  reply: FormReply | undefined;
}) {
  const mine = (reply?.initialValue as { intent?: string } | undefined)?.intent === "punchout-connection";
  const [form, fields] = useZodForm(PunchoutConnectionSchema, {
    id: "punchout-connection",
    lastResult: mine ? reply : undefined,
    defaultValue: connection
      ? {
          protocol: connection.protocol,
          domain: connection.domain,
          identity: connection.identity,
          systemName: connection.systemName,
          actingUserId: connection.actingUserId === null ? undefined : String(connection.actingUserId),
          membersFromEmail: connection.membersFromEmail ? "on" : undefined,
        }
      : { protocol: "cxml", domain: "NetworkId" },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid max-w-2xl gap-3 md:grid-cols-2">
      <SelectField label="Protocol" meta={fields.protocol} options={PROTOCOLS} />
      <Field label="System's name" meta={fields.systemName} hint="Shown to its buyers: “Transfer cart to Coupa”." />
      <Field
        label="Credential domain"
        meta={fields.domain}
        hint="cXML: the From credential's domain, e.g. NetworkId or DUNS. OCI: the SAP system or client, for reference."
      />
      <Field
        label="Identity"
        meta={fields.identity}
        hint="cXML: the From credential's identity, e.g. AN01000000001. OCI: the USERNAME it sends."
      />
      <SelectField
        label="Acts as"
        meta={fields.actingUserId}
        placeholder="Only members named by the request"
        options={members.map((member) => ({
          value: String(member.id),
          label: `${member.display_name} (${member.email})`,
        }))}
      />
      <CheckboxField
        label="Make a buyer from an unknown email"
        meta={fields.membersFromEmail}
        hint="A request naming an email no account has makes it a buyer of the company, without a password."
      />
      {connection ? (
        <CheckboxField
          label="Make a new shared secret"
          meta={fields.newSecret}
          hint="The old one stops working at once; the new one is shown once."
        />
      ) : null}
      <div className="md:col-span-2">
        <FormErrors form={form} />
        <StatusButton name="intent" value="punchout-connection" pendingText="Saving…">
          {connection ? "Save connection" : "Connect procurement system"}
        </StatusButton>
      </div>
    </Form>
  );
}

/** The shared secret, once: only its hash is kept. */
export function NewSecret({ secret }: { secret: string }) {
  return (
    <div role="status" className="mt-4 max-w-2xl rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
      <p className="font-semibold">Connection saved. Copy its shared secret now: it is shown only this once.</p>
      <code className="mt-2 block select-all break-all rounded bg-white p-2 font-mono text-slate-900">{secret}</code>
    </div>
  );
}

/** Ends the connection: its secret stops working and its open sessions end. */
export function RemovePunchoutForm() {
  return (
    <Form method="post" className="mt-3">
      <StatusButton name="intent" value="remove-punchout" pendingText="Removing…" variant="secondary">
        Remove connection
      </StatusButton>
    </Form>
  );
}
