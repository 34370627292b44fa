import { ensureBuild } from "../../scripts/lib/build.mjs";

// Every file here runs the production build, so a stale one would test yesterday's code.
export default function setup() {
  ensureBuild();
}
