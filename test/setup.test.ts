// bin/setup.sh with every outside command stubbed (npm, apt-get, systemctl, update-rc.d) in a sandbox: the system
// packages are installed while a policy-rc.d forbids starting services, that policy is removed afterwards (also
// when apt-get fails), and nginx's boot-time service is disabled again. The script's two system paths
// (/usr/sbin/policy-rc.d and /usr/sbin/nginx) point into the sandbox; nothing else of it changes.
import { execFileSync, spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO } from "./support/fixture.js";

let box: string;
const log = () => readFile(path.join(box, "log"), "utf8").then((t) => t.trim().split("\n"));

/** A stub command that logs its arguments (and, for apt-get, what policy-rc.d answers at that moment). */
async function stub(name: string, body: string): Promise<void> {
  const file = path.join(box, "stubs", name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
}

beforeEach(async () => {
  box = await mkdtemp(path.join(tmpdir(), "hotelsite-setup-"));
  await mkdir(path.join(box, "repo", "bin"), { recursive: true });
  await mkdir(path.join(box, "stubs"));
  const script = (await readFile(path.join(REPO, "bin", "setup.sh"), "utf8")).replaceAll("/usr/sbin/policy-rc.d", `${box}/policy-rc.d`).replaceAll("/usr/sbin/nginx", `${box}/no-nginx`);
  await writeFile(path.join(box, "repo", "bin", "setup.sh"), script);
  await writeFile(path.join(box, "repo", "package-lock.json"), "{}");
  for (const tool of ["sh", "dirname", "grep", "chmod", "rm"]) await symlink(execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(), path.join(box, "stubs", tool));
  await stub("id", "echo 0");
  await stub("npm", `echo "npm $*" >> ${box}/log`);
  for (const tool of ["systemctl", "update-rc.d"]) await stub(tool, `echo "${tool} $*" >> ${box}/log`);
});
afterEach(() => rm(box, { recursive: true, force: true }));

const run = () => spawnSync("/bin/sh", [path.join(box, "repo", "bin", "setup.sh")], { env: { PATH: path.join(box, "stubs") }, encoding: "utf8" });

describe("bin/setup.sh", () => {
  it("installs the missing packages with services forbidden to start, then disables nginx's and removes the policy", async () => {
    await stub("apt-get", `echo "apt-get $* (policy-rc.d: $(${box}/policy-rc.d nginx start; echo $?))" >> ${box}/log`);
    const r = run();
    expect(r.status, r.stderr).toBe(0);
    expect(await log()).toEqual([
      "npm ci --no-audit --no-fund",
      "apt-get update -q (policy-rc.d: 101)",
      "apt-get install -y -q chromium fonts-noto-cjk default-jre-headless openssl nginx (policy-rc.d: 101)",
      "systemctl disable --now nginx",
      "update-rc.d nginx disable",
      "npm run build",
    ]);
    expect(existsSync(path.join(box, "policy-rc.d"))).toBe(false);
  });

  it("removes its policy-rc.d when apt-get fails, and stops", async () => {
    await stub("apt-get", `echo "apt-get $*" >> ${box}/log; exit 1`);
    const r = run();
    expect(r.status).not.toBe(0);
    expect(await log()).toEqual(["npm ci --no-audit --no-fund", "apt-get update -q"]);
    expect(existsSync(path.join(box, "policy-rc.d"))).toBe(false);
  });

  it("leaves a policy-rc.d the machine has as it was", async () => {
    await writeFile(path.join(box, "policy-rc.d"), "#!/bin/sh\nexit 101\n# the machine's own\n");
    await chmod(path.join(box, "policy-rc.d"), 0o755);
    await stub("apt-get", `echo "apt-get $*" >> ${box}/log`);
    expect(run().status).toBe(0);
    expect(await readFile(path.join(box, "policy-rc.d"), "utf8")).toContain("the machine's own");
  });
});
