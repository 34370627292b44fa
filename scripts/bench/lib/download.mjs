/** GET a file as a browser downloads it: the time to its first bytes and to its last, and the bytes. */
export async function timedDownload(origin, path, cookie) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { headers: { Cookie: cookie } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const reader = response.body.getReader();
  const chunks = [];
  let firstByteMs = null;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    firstByteMs ??= performance.now() - started;
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { seconds: (performance.now() - started) / 1000, firstByteMs, bytes, file: Buffer.concat(chunks) };
}
