import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import type { Selectable } from "kysely";

import { db, type DbOptions, isUniqueViolation, now } from "~/db/db.server";
import type { PunchoutConnectionsTable, PunchoutProtocol } from "~/db/schema";
import { normalizeEmail } from "~/models/user.server";

export type PunchoutConnection = {
  id: number;
  companyId: number;
  protocol: PunchoutProtocol;
  domain: string;
  identity: string;
  systemName: string;
  actingUserId: number | null;
  membersFromEmail: boolean;
  updatedAt: string;
};

type Row = Selectable<PunchoutConnectionsTable>;

function connectionOf(row: Row): PunchoutConnection {
  return {
    id: row.id,
    companyId: row.company_id,
    protocol: row.protocol,
    domain: row.domain,
    identity: row.identity,
    systemName: row.system_name,
    actingUserId: row.acting_user_id,
    membersFromEmail: row.members_from_email === 1,
    updatedAt: row.updated_at,
  };
}

/** The secret's row value: SHA-256, as the secret is 32 random bytes no guess can reach. */
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest();

export async function connectionOfCompany(companyId: number, { executor = db }: DbOptions = {}) {
  const row = await executor
    .selectFrom("punchout_connections")
    .selectAll()
    .where("company_id", "=", companyId)
    .executeTakeFirst();
  return row ? connectionOf(row) : null;
}

/** What staff set on a connection. */
export type ConnectionSettings = Omit<PunchoutConnection, "id" | "companyId" | "updatedAt"> & {
  /** A new shared secret: always for a new connection; for an existing one when staff ask. */
  newSecret: boolean;
};

export type SaveConnectionResult =
  { ok: true; secret: string | null } | { ok: false; reason: "credential-taken" | "not-a-member" };

/**
 * Keeps a company's connection, and returns its new shared secret when one was made: the only time
 * anyone sees it. Domains compare without case (cXML's "NetworkID" and "NetworkId" are one); an
 * OCI connection is found by its USERNAME alone, so no two may share one.
 */
export async function saveConnection(companyId: number, settings: ConnectionSettings): Promise<SaveConnectionResult> {
  const domain = settings.protocol === "oci" ? "oci" : settings.domain.trim().toLowerCase();
  const identity = settings.identity.trim();
  try {
    return await db.transaction().execute(async (trx): Promise<SaveConnectionResult> => {
      if (settings.actingUserId !== null) {
        const member = await trx
          .selectFrom("company_members")
          .select("user_id")
          .where("company_id", "=", companyId)
          .where("user_id", "=", settings.actingUserId)
          .executeTakeFirst();
        if (!member) return { ok: false, reason: "not-a-member" };
      }
      const existing = await connectionOfCompany(companyId, { executor: trx });
      const secret = settings.newSecret || !existing ? randomBytes(32).toString("base64url") : null;
      const values = {
        protocol: settings.protocol,
        domain,
        identity,
        system_name: settings.systemName.trim(),
        acting_user_id: settings.actingUserId,
        members_from_email: settings.membersFromEmail ? 1 : 0,
        updated_at: now(),
        ...(secret ? { secret_hash: hashSecret(secret).toString("hex") } : {}),
      };
      if (existing) {
        await trx.updateTable("punchout_connections").set(values).where("id", "=", existing.id).execute();
      } else {
        await trx
          .insertInto("punchout_connections")
          .values({ ...values, secret_hash: values.secret_hash!, company_id: companyId, created_at: now() })
          .execute();
      }
      return { ok: true, secret };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "credential-taken" };
    throw error;
  }
}

/** Ends a company's connection: its sessions and their browsers' sessions go with it. */
export async function removeConnection(companyId: number) {
  const result = await db.deleteFrom("punchout_connections").where("company_id", "=", companyId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Compared against when no connection has the credential, so an unknown identity costs what a wrong
// secret does and the answer's timing tells a stranger nothing about which identities exist.
const NO_SECRET = hashSecret(randomBytes(32).toString("hex"));

/**
 * The connection a request's credentials name, when its shared secret is the connection's; null
 * otherwise, in the same time whichever was wrong. cXML names the buying organisation in From
 * (Ariba's network sends its own credential as Sender, with the secret); OCI by its USERNAME.
 */
export async function authenticateConnection(
  protocol: PunchoutProtocol,
  credentials: readonly { domain: string; identity: string }[],
  secret: string,
): Promise<PunchoutConnection | null> {
  const wanted = credentials
    .filter((credential) => credential.identity)
    .slice(0, 10)
    .map((credential) => ({
      domain: protocol === "oci" ? "oci" : credential.domain.toLowerCase(),
      identity: credential.identity,
    }));
  const rows = wanted.length
    ? await db
        .selectFrom("punchout_connections")
        .selectAll()
        .where("protocol", "=", protocol)
        .where((eb) =>
          eb.or(
            wanted.map((credential) =>
              eb.and([eb("domain", "=", credential.domain), eb("identity", "=", credential.identity)]),
            ),
          ),
        )
        .limit(1)
        .execute()
    : [];
  const row = rows[0];
  const expected = row ? Buffer.from(row.secret_hash, "hex") : NO_SECRET;
  const matches = timingSafeEqual(hashSecret(secret), expected);
  return row && matches && secret.length > 0 ? connectionOf(row) : null;
}

/**
 * The member a session acts as: the company's member with the request's email (never a shop admin),
 * a new buyer made from it where the connection says so and no account has it, or the connection's
 * chosen member. Null when none of these is there.
 */
export async function punchoutMemberFor(
  connection: PunchoutConnection,
  requester: { email: string | null; name: string | null },
): Promise<number | null> {
  const email = requester.email ? normalizeEmail(requester.email) : null;
  if (email) {
    const account = await db
      .selectFrom("users")
      .leftJoin("company_members", "company_members.user_id", "users.id")
      .select(["users.id", "users.role", "company_members.company_id"])
      .where("users.email", "=", email)
      .executeTakeFirst();
    if (account?.company_id === connection.companyId && account.role === "user") return account.id;
    if (!account && connection.membersFromEmail) {
      const made = await newMemberFromRequest(connection.companyId, email, requester.name);
      if (made) return made;
    }
  }
  if (connection.actingUserId === null) return null;
  const acting = await db
    .selectFrom("company_members")
    .innerJoin("users", "users.id", "company_members.user_id")
    .select("users.id")
    .where("company_members.company_id", "=", connection.companyId)
    .where("users.id", "=", connection.actingUserId)
    .where("users.role", "=", "user")
    .executeTakeFirst();
  return acting?.id ?? null;
}

/** A buyer of the company, made from the procurement system's word: no password, address not proven. */
async function newMemberFromRequest(companyId: number, email: string, name: string | null) {
  try {
    return await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          email,
          display_name: name?.slice(0, 120) || email.split("@")[0],
          password_hash: null,
          role: "user",
          email_verified_at: null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("company_members")
        .values({
          company_id: companyId,
          user_id: user.id,
          role: "buyer",
          order_limit_cents: null,
          monthly_limit_cents: null,
          created_at: now(),
        })
        .execute();
      return user.id;
    });
  } catch (error) {
    // Two setup requests for one new address at once: the other made the account.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}
