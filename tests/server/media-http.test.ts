import net from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { contentHash } from "~/lib/media";

import { newItem } from "../support/builders";
import { samplePdf, sampleProductPhoto } from "../support/media-samples";
import { type ServerProcess, startServer } from "../support/server";
import { createSignedInUser } from "../support/users";

// Uploads and /media through the built server: what it sends for a stored file (before Remix, in
// server/app.ts), and how it bounds an upload's body before and while reading it.

let server: ServerProcess;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = (await createSignedInUser({ role: "admin" })).cookie;
});

afterAll(async () => {
  await server?.stop();
});

/** A multipart post of the edit page's forms, as a browser on the site sends it. */
function upload(path: string, fields: Record<string, string | File>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin", Cookie: admin, ...headers },
  });
}

describe("/media through the server", () => {
  let photoHash: string;
  let pdfHash: string;
  let partId: number;
  const pdf = samplePdf();

  beforeAll(async () => {
    const part = await newItem();
    partId = part.id;
    const photo = await sampleProductPhoto({ width: 1600, height: 1200 });
    const picture = await upload(`/dashboard/manage-product/${part.id}`, {
      intent: "add-picture",
      image: new File([photo], "gear.jpg", { type: "image/jpeg" }),
      alt: "Spur gear",
    });
    expect(picture.status).toBe(302);
    const document = await upload(`/dashboard/manage-product/${part.id}`, {
      intent: "add-document",
      document: new File([pdf], "Spur gear “SG-20”.pdf", { type: "application/pdf" }),
    });
    expect(document.status).toBe(302);
    [photoHash, pdfHash] = [await contentHash(photo), await contentHash(pdf)];
  });

  test("a variant: its type and length, cached by anyone for a year, an ETag, nosniff, never compressed again", async () => {
    const fileName = `${photoHash}-640.avif`;
    // A signed-in visitor's request is answered the same way: the file is the same for everyone.
    const response = await fetch(`${server.origin}/media/${fileName}`, {
      headers: { "Accept-Encoding": "gzip, br", Cookie: admin },
    });
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/avif",
      "content-length": String(body.length),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${fileName}"`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("vary")).toBeNull();
    expect(body.length).toBeGreaterThan(500);

    const revalidated = await fetch(`${server.origin}/media/${fileName}`, {
      headers: { "If-None-Match": `"${fileName}"` },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(`"${fileName}"`);

    const head = await fetch(`${server.origin}/media/${fileName}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  test("the product page asks for its main picture ahead of its scripts, and for five scripts at most", async () => {
    const page = await (await fetch(`${server.origin}/items/${partId}`)).text();
    const pictures = page.match(/<img\b[^>]*>/g)!.filter((tag) => tag.includes(`/media/${photoHash}-`));
    expect(pictures).toHaveLength(1);
    expect(pictures[0]).toContain('fetchpriority="high"');
    expect(pictures[0]).toContain('loading="eager"');
    // The app's shared code comes in a few chunks (docs/decisions/0040), not one request per module.
    const scripts = page.match(/<link rel="modulepreload"[^>]*>/g)!;
    expect(scripts.length).toBeLessThanOrEqual(5);
  });

  test("the home page asks for its largest paint, the first slide, from its head, before its scripts", async () => {
    const page = await (await fetch(`${server.origin}/`)).text();
    const head = page.slice(0, page.indexOf("</head>"));
    const preload = head.indexOf('<link rel="preload" as="image" href="/images/carousel/slide-1.svg"');
    expect(preload).toBeGreaterThan(-1);
    expect(preload).toBeLessThan(page.indexOf('<link rel="modulepreload"'));
    // Spelled as the HTML attribute: React 18 drops its camel-cased form with a warning.
    expect(head.slice(preload, head.indexOf(">", preload))).toContain('fetchpriority="high"');
  });

  test("a document downloads as an attachment under its name", async () => {
    const response = await fetch(`${server.origin}/media/${pdfHash}-original.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Spur gear _SG-20_.pdf"; filename*=UTF-8''Spur%20gear%20%E2%80%9CSG-20%E2%80%9D.pdf`,
    );
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  });

  test.each([`${"f".repeat(64)}-640.avif`, "PHOTO-800.avif", "PHOTO-640.gif", "nothing-here.txt"])(
    "%s is a 404, never cached",
    async (pattern) => {
      const response = await fetch(`${server.origin}/media/${pattern.replace("PHOTO", photoHash)}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  test("a POST to /media is not a file's answer", async () => {
    const response = await fetch(`${server.origin}/media/${photoHash}-640.avif`, {
      method: "POST",
      headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status).toBe(405);
  });
});

describe("an upload's size through the server", () => {
  test("a body declared larger than the edit page takes is a 413 before it is read", async () => {
    const part = await newItem();
    // Only the headers and the body's first line: the server answers from the declared length.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, "127.0.0.1", () =>
        socket.write(
          [
            `POST /dashboard/manage-product/${part.id} HTTP/1.1`,
            `Host: 127.0.0.1:${server.port}`,
            `Origin: ${server.origin}`,
            "Sec-Fetch-Site: same-origin",
            `Cookie: ${admin}`,
            "Content-Type: multipart/form-data; boundary=x",
            `Content-Length: ${100 * 1024 * 1024}`,
            "",
            "--x\r\n",
          ].join("\r\n"),
        ),
      );
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  test("a 16 MB picture is within the page's limit and refused by the form, beside its field", async () => {
    const part = await newItem();
    const tooLarge = new Uint8Array(16 * 1024 * 1024);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    const response = await upload(`/dashboard/manage-product/${part.id}`, {
      intent: "add-picture",
      image: new File([tooLarge], "huge.jpg", { type: "image/jpeg" }),
      alt: "Too large",
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A picture may be at most 15 MB");
  });

  test("with JavaScript a form posts to the page's .data address, which takes the same files", async () => {
    const part = await newItem();
    // Over the 2 MiB every other form is held to.
    const bigPdf = new Uint8Array(3 * 1024 * 1024);
    bigPdf.set(samplePdf());
    const response = await upload(`/dashboard/manage-product/${part.id}.data`, {
      intent: "add-document",
      document: new File([bigPdf], "big.pdf", { type: "application/pdf" }),
    });
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(400);
  });
});
