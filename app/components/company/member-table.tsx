import { COMPANY_ROLE_LABELS, type CompanyRole } from "~/lib/companies";

import { useLimitText } from "./members";

/** The company's members as a member who is not its admin sees them: who orders, and within what. */
export function MemberTable({
  members,
}: {
  members: {
    id: number;
    display_name: string;
    role: CompanyRole;
    order_limit_cents: number | null;
    monthly_limit_cents: number | null;
  }[];
}) {
  const limitText = useLimitText();
  return (
    <table className="mt-4 w-full max-w-3xl text-left text-sm">
      <thead className="border-b border-slate-300 text-slate-600">
        <tr>
          <th scope="col" className="py-2 pr-3">
            Name
          </th>
          <th scope="col" className="py-2 pr-3">
            Role
          </th>
          <th scope="col" className="py-2 pr-3">
            Limit per order
          </th>
          <th scope="col" className="py-2 pr-3">
            Monthly limit
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id} className="border-b border-slate-100" data-testid="company-member">
            <td className="py-2 pr-3">{member.display_name}</td>
            <td className="py-2 pr-3">{COMPANY_ROLE_LABELS[member.role]}</td>
            <td className="py-2 pr-3">{limitText(member.order_limit_cents)}</td>
            <td className="py-2 pr-3">{limitText(member.monthly_limit_cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
