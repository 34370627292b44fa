// Issue 52: punchout. A company's procurement system on the large catalog: its setup requests at four
// connections (each answered with a new start link), the start link to the first page against a
// signed-in catalog page, and purchase orders of 50 lines against the 3-line web checkouts.
import { createHash, randomBytes, randomUUID } from "node:crypto";

import Database from "better-sqlite3";

import { elapsed } from "../lib/clock.mjs";
import { measureOnServer, percentile } from "../lib/load.mjs";
import { fmt } from "../lib/report.mjs";
import { READER, signUp } from "../lib/session.mjs";
import { companyOf } from "./checkouts.mjs";

export const SETUP_CONNECTIONS = 4;
export const PURCHASE_ORDER_LINES = 50;
const START_ROUNDS = 30;
const MEMBER_EMAIL = "bench-punchout@example.com";
const IDENTITY = "BENCH-COUPA";

const credential = (secret) => `<From><Credential domain="DUNS"><Identity>${IDENTITY}</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>079928354</Identity></Credential></To>
<Sender><Credential domain="DUNS"><Identity>${IDENTITY}</Identity><SharedSecret>${secret}</SharedSecret></Credential>
<UserAgent>Coupa Procurement 1.0</UserAgent></Sender>`;

/** A Coupa-shaped PunchOutSetupRequest for the company's member. */
function setupRequest(secret) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${randomUUID()}@bench" timestamp="${new Date().toISOString()}"><Header>${credential(secret)}</Header>
<Request><PunchOutSetupRequest operation="create"><BuyerCookie>${randomUUID()}</BuyerCookie>
<Extrinsic name="UserEmail">${MEMBER_EMAIL}</Extrinsic>
<BrowserFormPost><URL>https://procurement.example/punchout/return</URL></BrowserFormPost>
<Contact role="endUser"><Name xml:lang="en">Bench Buyer</Name><Email>${MEMBER_EMAIL}</Email></Contact>
</PunchOutSetupRequest></Request></cXML>`;
}

/** An OrderRequest of the parts, one of each at its price, under a new orderID. */
function orderRequest(secret, parts) {
  const total = parts.reduce((sum, part) => sum + part.price, 0);
  const money = (cents) => `<Money currency="GBP">${(cents / 100).toFixed(2)}</Money>`;
  const lines = parts
    .map(
      (
        part,
        index,
      ) => `<ItemOut quantity="1" lineNumber="${index + 1}"><ItemID><SupplierPartID>${part.partNumber}</SupplierPartID></ItemID>
<ItemDetail><UnitPrice>${money(part.price)}</UnitPrice><Description xml:lang="en">Part</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>`,
    )
    .join("\n");
  const orderId = `PO-${randomUUID()}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="${orderId}@bench" timestamp="${new Date().toISOString()}"><Header>${credential(secret)}</Header>
<Request><OrderRequest><OrderRequestHeader orderID="${orderId}" type="new"><Total>${money(total)}</Total>
<ShipTo><Address><Name xml:lang="en">Bench Presswork Ltd</Name><PostalAddress><DeliverTo>Goods In</DeliverTo>
<Street>4 Forge Lane</Street><City>Sheffield</City><PostalCode>S3 8RA</PostalCode><Country isoCountryCode="GB">United Kingdom</Country>
</PostalAddress></Address></ShipTo></OrderRequestHeader>
${lines}
</OrderRequest></Request></cXML>`;
}

/**
 * The company, its member, its connection and fifty parts with stock for every order the run can
 * place, written into the database as staff's pages would leave them. Returns the shared secret.
 */
function seedConnection(databaseFile) {
  const sqlite = new Database(databaseFile);
  try {
    const companyId = companyOf(sqlite, "Bench Punchout Ltd", [MEMBER_EMAIL]);
    const member = sqlite.prepare("select id from users where email = ?").get(MEMBER_EMAIL);
    const secret = randomBytes(32).toString("base64url");
    const now = new Date().toISOString();
    sqlite
      .prepare(
        `insert into punchout_connections (company_id, protocol, domain, identity, system_name, secret_hash,
           acting_user_id, created_at, updated_at) values (?, 'cxml', 'duns', ?, 'Coupa', ?, ?, ?, ?)`,
      )
      .run(companyId, IDENTITY, createHash("sha256").update(secret).digest("hex"), member.id, now, now);
    // The catalog's last fifty parts without breaks, stocked for the run: no other scenario buys them.
    const parts = sqlite
      .prepare(
        `select id, part_number, price_cents from items where hidden = 0 and min_order_quantity = 1
           and id not in (select item_id from price_breaks) order by id desc limit ?`,
      )
      .all(PURCHASE_ORDER_LINES);
    const stock = sqlite.prepare("update items set quantity = 10000000 where id = ?");
    for (const part of parts) stock.run(part.id);
    return {
      secret,
      parts: parts.map((part) => ({ id: part.id, partNumber: part.part_number, price: Number(part.price_cents) })),
    };
  } finally {
    sqlite.close();
  }
}

const xmlHeaders = { "Content-Type": "text/xml; charset=utf-8" };

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

/** A start link opened as a browser does: its redirect, then the page it lands on. */
async function openStartLink(origin, secret) {
  const answer = await (
    await fetch(`${origin}/punchout/cxml/setup`, { method: "POST", headers: xmlHeaders, body: setupRequest(secret) })
  ).text();
  const startPath = new URL(/<URL>([^<]+)<\/URL>/.exec(answer)[1]).pathname;
  const start = await timed(() => fetch(`${origin}${startPath}`, { redirect: "manual" }));
  const cookie = start.result.headers
    .getSetCookie()
    .find((header) => header.startsWith("__session="))
    ?.split(";")[0];
  if (start.result.status !== 302 || !cookie) throw new Error(`a start link answered ${start.result.status}`);
  const landing = await timed(async () => {
    const response = await fetch(`${origin}/items`, { headers: { Cookie: cookie } });
    if (!(await response.text()).includes("You are shopping for")) throw new Error("the landing page has no banner");
    return response;
  });
  return { redirectMs: start.ms, landingMs: landing.ms };
}

export async function measurePunchout({ server, databaseFile, config }) {
  process.stdout.write(`  ${"Punchout: setups, start links, 50-line POs".padEnd(42)} `);
  const memberCookie = await signUp(server.origin, { ...READER, name: "Bench Punchout", email: MEMBER_EMAIL });
  const { secret, parts } = seedConnection(databaseFile);

  // Setup requests at four connections, each a new session and start link.
  const setups = await measureOnServer(server, {
    url: `${server.origin}/punchout/cxml/setup`,
    method: "POST",
    headers: xmlHeaders,
    connections: SETUP_CONNECTIONS,
    duration: config.duration,
    bodyFor: () => setupRequest(secret),
  });

  // The start link to its first page, against the member's ordinary signed-in catalog page, in turns.
  const starts = [];
  const ordinary = [];
  for (let round = 0; round < START_ROUNDS; round += 1) {
    starts.push(await openStartLink(server.origin, secret));
    ordinary.push(
      (await timed(() => fetch(`${server.origin}/items`, { headers: { Cookie: memberCookie } }).then((r) => r.text())))
        .ms,
    );
  }

  // Purchase orders of fifty lines, each a new orderID, at the checkouts' connections.
  const stockBefore = stockOf(databaseFile, parts);
  const orders = await measureOnServer(server, {
    url: `${server.origin}/punchout/cxml/order`,
    method: "POST",
    headers: xmlHeaders,
    connections: config.connections,
    duration: config.duration,
    bodyFor: () => orderRequest(secret, parts),
  });
  const stockAfter = stockOf(databaseFile, parts);
  const taken = stockBefore.map((before, index) => before - stockAfter[index]);
  const recorded = purchaseOrdersRecorded(databaseFile);
  const result = {
    setupP99: setups.p99,
    setupRps: setups.rps,
    setupOk: setups.ok,
    setupOther: setups.unexpected,
    startRedirectMs: percentile(
      starts.map((start) => start.redirectMs),
      0.5,
    ),
    startLandingMs: percentile(
      starts.map((start) => start.landingMs),
      0.5,
    ),
    ordinaryPageMs: percentile(ordinary, 0.5),
    orderRps: orders.rps,
    ordersPlaced: orders.ok,
    orderP99: orders.p99,
    orderOther: orders.unexpected,
    orderStatuses: orders.statuses,
    // Every order the database holds took one of each part (a request still in flight when the load
    // stopped may have been placed without its answer being counted).
    consistent: orders.ok > 0 && recorded >= orders.ok && taken.every((units) => units === recorded),
  };
  console.log(
    `setup p99 ${fmt.ms(result.setupP99)} ms, start ${fmt.ms(result.startRedirectMs)} + ${fmt.ms(result.startLandingMs)} ms ` +
      `vs page ${fmt.ms(result.ordinaryPageMs)} ms, ${fmt.int(result.orderRps)} POs/s ` +
      `${JSON.stringify(result.orderStatuses)} stock ${result.consistent ? "consistent" : "INCONSISTENT"}  [${elapsed()}]`,
  );
  return result;
}

function purchaseOrdersRecorded(databaseFile) {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    return sqlite.prepare("select count(*) as n from punchout_purchase_orders").get().n;
  } finally {
    sqlite.close();
  }
}

function stockOf(databaseFile, parts) {
  const sqlite = new Database(databaseFile, { readonly: true });
  try {
    const read = sqlite.prepare("select quantity from items where id = ?");
    return parts.map((part) => read.get(part.id).quantity);
  } finally {
    sqlite.close();
  }
}
