// Every host's rules file, from one plan: `_headers` and `_redirects` (Netlify, Cloudflare Pages),
// `_redirects.netlify` (Netlify's dialect) and `_nginx.conf` (nginx). The README says which host reads which.
import type { OutputFile } from "../../render/assets.js";
import type { Content } from "../../types.js";
import type { ResolvedSite } from "../resolve.js";
import { headersFile } from "./headers.js";
import { nginxInclude } from "./nginx.js";
import { hostPlan } from "./plan.js";
import { netlifyRedirectsFile, redirectsFile } from "./redirects.js";

/** The hosting rules files of a site. */
export function hostRuleFiles(site: ResolvedSite, content: Content): OutputFile[] {
  const plan = hostPlan(site, content);
  return [
    { path: "_headers", contents: headersFile(plan) },
    { path: "_redirects", contents: redirectsFile(plan) },
    { path: "_redirects.netlify", contents: netlifyRedirectsFile(plan) },
    { path: "_nginx.conf", contents: nginxInclude(plan) },
  ];
}
