// The nginx the reliability suite runs three app servers behind: one implementation, shared with
// the bench's scale-out row (scripts/lib/nginx.mjs).
import { startNginx } from "../../scripts/lib/nginx.mjs";

export { NGINX_SITE, siteFor, startNginx } from "../../scripts/lib/nginx.mjs";
export type NginxProcess = Awaited<ReturnType<typeof startNginx>>;
