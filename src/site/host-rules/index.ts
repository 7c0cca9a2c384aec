// Every host's rules file, from one plan (docs/report.md and the README say which host reads which).
import type { OutputFile } from "../../render/assets.js";
import type { Content } from "../../types.js";
import type { ResolvedSite } from "../resolve.js";
import { pagesWorker, ROUTES_JSON } from "./go-worker.js";
import { GO_MAP_FILE, GO_NGINX_FILE, goMap, nginxGoHttp } from "./go.js";
import { headersFile } from "./headers.js";
import { nginxInclude } from "./nginx.js";
import { hostPlan } from "./plan.js";
import { securityHeaders } from "./policy.js";
import { netlifyRedirectsFile, redirectsFile } from "./redirects.js";

/** The hosting rules files of a site. */
export function hostRuleFiles(site: ResolvedSite, content: Content): OutputFile[] {
  const plan = hostPlan(site, content);
  return [
    { path: "_headers", contents: headersFile(plan) },
    { path: "_redirects", contents: redirectsFile(plan) },
    { path: "_redirects.netlify", contents: netlifyRedirectsFile(plan) },
    { path: "_nginx.conf", contents: nginxInclude(plan) },
    ...(plan.go
      ? [
          { path: GO_NGINX_FILE, contents: nginxGoHttp(plan.go) },
          { path: "_worker.js", contents: pagesWorker(plan.go, securityHeaders(plan.formHosts, true)) },
          { path: "_routes.json", contents: ROUTES_JSON },
          { path: GO_MAP_FILE, contents: `${JSON.stringify(goMap(plan.go), null, 1)}\n` },
        ]
      : []),
  ];
}
