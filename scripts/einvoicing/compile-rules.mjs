// Compiles the e-invoice rules in vendor/einvoicing/ for SaxonJS (npm's xslt3, no Java): the Peppol
// Schematron through SchXslt to XSLT, then it and CEN's XSLT to SEF, the form SaxonJS runs. The
// result is 10 MB of JSON and takes two processes about 20 s, so it is kept in .tmp/einvoicing/
// under a hash of its sources, and committed gzipped (250 KB) in vendor/einvoicing/compiled/<hash>/
// so that a clean clone unpacks it instead: `node scripts/einvoicing/compile-rules.mjs --commit`
// after changing a source or xslt3 writes it again. Without a committed copy for the hash, it compiles.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const vendor = path.join(root, "vendor", "einvoicing");
const xslt3 = path.join(root, "node_modules", "xslt3", "xslt3.js");

const committedRoot = path.join(vendor, "compiled");
const RULES = ["peppol", "cen"];
const SOURCES = ["peppol/PEPPOL-EN16931-UBL.sch", "cen/EN16931-UBL-validation.xslt", "schxslt/2.0"];

function filesUnder(relative) {
  const full = path.join(vendor, relative);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { recursive: true })
    .map((file) => path.join(full, String(file)))
    .filter((file) => fs.statSync(file).isFile())
    .sort();
}

/** The compiled rules' folder name: a hash of xslt3's version and every source file. */
export function sourcesHash() {
  const hash = createHash("sha256");
  hash.update(JSON.parse(fs.readFileSync(path.join(root, "node_modules", "xslt3", "package.json"), "utf8")).version);
  for (const file of SOURCES.flatMap(filesUnder)) {
    hash.update(path.relative(vendor, file)).update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

function xslt3Run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [xslt3, ...args], { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`xslt3 ${args.join(" ")} failed:\n${errors}`)),
    );
  });
}

/**
 * The compiled rules' paths ({ peppol, cen }, each a .sef.json), compiling them first when this
 * checkout has not. Two processes asking at once both compile; each writes its own folder and
 * renames it into place, so neither reads half a file.
 */
export async function compiledRules() {
  const folder = path.join(root, ".tmp", "einvoicing", sourcesHash());
  const paths = { peppol: path.join(folder, "peppol.sef.json"), cen: path.join(folder, "cen.sef.json") };
  if (fs.existsSync(paths.peppol) && fs.existsSync(paths.cen)) return paths;

  const work = `${folder}.${process.pid}`;
  fs.mkdirSync(work, { recursive: true });
  const committed = path.join(committedRoot, path.basename(folder));
  if (RULES.every((name) => fs.existsSync(path.join(committed, `${name}.sef.json.gz`)))) {
    for (const name of RULES) {
      const packed = fs.readFileSync(path.join(committed, `${name}.sef.json.gz`));
      fs.writeFileSync(path.join(work, `${name}.sef.json`), zlib.gunzipSync(packed));
    }
  } else {
    await compileInto(work);
  }
  try {
    fs.renameSync(work, folder);
  } catch {
    // Another process put its copy in place first: the same bytes.
    fs.rmSync(work, { recursive: true, force: true });
  }
  return paths;
}

async function compileInto(work) {
  const peppolXsl = path.join(work, "peppol.xsl");
  await Promise.all([
    xslt3Run([
      `-xsl:${path.join(vendor, "schxslt", "2.0", "pipeline-for-svrl.xsl")}`,
      `-s:${path.join(vendor, "peppol", "PEPPOL-EN16931-UBL.sch")}`,
      `-o:${peppolXsl}`,
    ]).then(() => xslt3Run([`-xsl:${peppolXsl}`, `-export:${path.join(work, "peppol.sef.json")}`, "-nogo"])),
    xslt3Run([
      `-xsl:${path.join(vendor, "cen", "EN16931-UBL-validation.xslt")}`,
      `-export:${path.join(work, "cen.sef.json")}`,
      "-nogo",
    ]),
  ]);
}

/** Writes the compiled rules, gzipped, where a clean clone finds them; copies for other sources go. */
async function commitCompiled() {
  const paths = await compiledRules();
  fs.rmSync(committedRoot, { recursive: true, force: true });
  const folder = path.join(committedRoot, sourcesHash());
  fs.mkdirSync(folder, { recursive: true });
  for (const name of RULES) {
    const packed = zlib.gzipSync(fs.readFileSync(paths[name]), { level: 9 });
    fs.writeFileSync(path.join(folder, `${name}.sef.json.gz`), packed);
  }
  return folder;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  if (process.argv.includes("--commit")) {
    console.log(`E-invoice rules compiled and packed into ${path.relative(root, await commitCompiled())}`);
  } else {
    const paths = await compiledRules();
    console.log(`E-invoice rules ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path.dirname(paths.cen)}`);
  }
}
