import { randomBytes } from "node:crypto";

import sharp from "sharp";

// A product photo made in code, for the tests (tests/support/media-samples.ts), the benchmark's
// 12-megapixel upload and the Lighthouse run's product page (scripts/bench/media-seed.ts).

/** The camera's name the photo carries in its EXIF, beside a GPS position. */
export const PHOTO_CAMERA = "GearCam Field Unit";

/** A short token, so each photo made is a new file (a new content hash). */
function token() {
  return randomBytes(4).toString("hex");
}

/**
 * A product photo as a shop would take one: a steel spur gear on a light studio background with a
 * soft shadow and sensor noise, `width` × `height` (12 megapixels by default), a JPEG at quality 90
 * with the camera's EXIF and a GPS position.
 */
export async function sampleProductPhoto({ width = 4000, height = 3000 }: { width?: number; height?: number } = {}) {
  const teeth = 28;
  const [cx, cy, outer, inner] = [width / 2, height / 2, height * 0.36, height * 0.31];
  const points: string[] = [];
  for (let tooth = 0; tooth < teeth * 4; tooth++) {
    const angle = (tooth / (teeth * 4)) * 2 * Math.PI;
    const radius = tooth % 4 < 2 ? outer : inner;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="1" stop-color="#d9dde3"/></linearGradient>
      <radialGradient id="steel" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="#e9ecef"/><stop offset="0.6" stop-color="#8d959e"/><stop offset="1" stop-color="#4b5259"/></radialGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="${height / 60}"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="${cx + height * 0.03}" cy="${cy + height * 0.36}" rx="${outer}" ry="${height * 0.05}" fill="#000" opacity="0.25" filter="url(#blur)"/>
    <polygon points="${points.join(" ")}" fill="url(#steel)" stroke="#3b4147" stroke-width="${height / 400}"/>
    <circle cx="${cx}" cy="${cy}" r="${height * 0.2}" fill="none" stroke="#59616a" stroke-width="${height / 150}"/>
    <circle cx="${cx}" cy="${cy}" r="${height * 0.06}" fill="#2b3035"/>
    <rect x="${cx - height * 0.012}" y="${cy - height * 0.075}" width="${height * 0.024}" height="${height * 0.03}" fill="#2b3035"/>
  </svg>`;
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 6 } },
  })
    .raw()
    .toBuffer();
  const photo = await sharp(Buffer.from(svg))
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "overlay" }])
    .withExif({
      IFD0: { Make: PHOTO_CAMERA, Model: `GX-1 ${token()}` },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "53/1 22/1 50/1", GPSLongitudeRef: "W", GPSLongitude: "1/1 28/1 10/1" },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(photo);
}
