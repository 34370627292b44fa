// Company accounts (issue 27, docs/decisions/0035-companies.md): the firm, its members with their
// roles and limits, and the emailed invitations that add members. Approvals, trade terms and who
// reads a company's orders are approvals.server.ts's, trade-terms.server.ts's and
// company-readers.server.ts's. Its entry points, each from the file that holds it:
//   reading.server.ts       the companies, one company, a person's membership
//   accounts.server.ts      opening a company account, changing its terms
//   members.server.ts       a member's role and limits, removing one, adding one
//   invitations.server.ts   inviting an address, and the invitation accepted
// Every file that reads the database ends in .server, so a value imported from here into browser
// code fails the build.

export type { CreateCompanyResult } from "./accounts.server";
export { createCompany, updateCompanyTerms } from "./accounts.server";
export type { Invitation, JoinResult } from "./invitations.server";
export { acceptInvitation, createInvitation, INVITATION_LIFETIME_MS, invitationByToken } from "./invitations.server";
export type { MemberChangeResult } from "./members.server";
export { addMember, changeMember } from "./members.server";
export type { CompanyDetail, CompanyTerms, MemberLimits, Membership } from "./reading.server";
export { getCompany, listCompanies, membershipOf } from "./reading.server";
