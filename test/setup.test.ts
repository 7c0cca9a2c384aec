// bin/setup.sh and bin/test-setup.sh (npm test's first step) with every outside command stubbed (npm, apt-get,
// sudo, systemctl, update-rc.d) in a sandbox. Setup installs the build's npm packages and builds, and never asks
// for root; the test step installs the test tools when they are missing and the system packages while a
// policy-rc.d forbids starting services, removes that policy afterwards (also when apt-get fails), disables
// nginx's boot-time service again, and without root or sudo names what is missing and stops. The scripts' two
// system paths (/usr/sbin/policy-rc.d and /usr/sbin/nginx) point into the sandbox; nothing else of them changes.
import { execFileSync, spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO } from "./support/fixture.js";

let box: string;
const log = () => readFile(path.join(box, "log"), "utf8").then((t) => t.trim().split("\n"), () => []);

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
  for (const name of ["setup.sh", "test-setup.sh"]) {
    const script = (await readFile(path.join(REPO, "bin", name), "utf8")).replaceAll("/usr/sbin/policy-rc.d", `${box}/policy-rc.d`).replaceAll("/usr/sbin/nginx", `${box}/no-nginx`);
    await writeFile(path.join(box, "repo", "bin", name), script);
  }
  await writeFile(path.join(box, "repo", "package-lock.json"), "{}");
  await writeFile(path.join(box, "repo", "package.json"), JSON.stringify({ devDependencies: { vitest: "1", "@types/node": "1" } }));
  for (const tool of ["sh", "dirname", "grep", "chmod", "rm", "node", "cat"]) await symlink(execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(), path.join(box, "stubs", tool));
  await stub("id", "echo 0");
  await stub("npm", `echo "npm $*" >> ${box}/log`);
  await stub("apt-get", `echo "apt-get $* (policy-rc.d: $(${box}/policy-rc.d nginx start; echo $?))" >> ${box}/log`);
  for (const tool of ["systemctl", "update-rc.d", "sudo"]) await stub(tool, `echo "${tool} $*" >> ${box}/log`);
});
afterEach(() => rm(box, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) => spawnSync("/bin/sh", [path.join(box, "repo", "bin", script), ...args], { env: { PATH: path.join(box, "stubs") }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** Marks the test tools as installed, as a full `npm ci` leaves them. */
async function devInstalled(): Promise<void> {
  for (const d of ["vitest", "@types/node"]) {
    await mkdir(path.join(box, "repo", "node_modules", d), { recursive: true });
    await writeFile(path.join(box, "repo", "node_modules", d, "package.json"), "{}");
  }
}

describe("bin/setup.sh", () => {
  it("installs only the build's npm packages and builds, saying what runs, and asks for no root with everything missing", async () => {
    await stub("id", "echo 1000");
    const r = run("setup.sh");
    expect(r.status, r.stderr).toBe(0);
    expect(await log()).toEqual(["npm ci --omit=dev --no-audit --no-fund", "npm run build"]);
    expect(r.stdout).toBe(
      "setup: installing the npm packages the build needs (npm ci --omit=dev; about 20 s with npm's cache filled)...\n" +
        "setup: building the bundled site into dist/...\n",
    );
  });
});

describe("bin/test-setup.sh", () => {
  it("as root: installs the test tools and the missing packages with services forbidden to start, then disables nginx's and removes the policy", async () => {
    const r = run("test-setup.sh");
    expect(r.status, r.stderr).toBe(0);
    expect(await log()).toEqual([
      "npm ci --no-audit --no-fund",
      "apt-get update -q (policy-rc.d: 101)",
      "apt-get install -y -q chromium fonts-noto-cjk default-jre-headless openssl nginx (policy-rc.d: 101)",
      "systemctl disable --now nginx",
      "update-rc.d nginx disable",
    ]);
    expect(r.stdout).toContain("test setup: installing the test tools");
    expect(r.stdout).toContain("test setup: installing chromium fonts-noto-cjk default-jre-headless openssl nginx with apt-get (a minute or more)...");
    expect(existsSync(path.join(box, "policy-rc.d"))).toBe(false);
  });

  it("with tools (before test:unit and test:build) installs the test tools only, whatever else is missing", async () => {
    const r = run("test-setup.sh", "tools");
    expect(r.status, r.stderr).toBe(0);
    expect(await log()).toEqual(["npm ci --no-audit --no-fund"]);
    await devInstalled();
    await rm(path.join(box, "log"));
    expect(run("test-setup.sh", "tools").status).toBe(0);
    expect(await log()).toEqual([]);
  });

    it("leaves the test tools alone when they are installed, and goes through sudo for a user allowed to use it", async () => {
    await devInstalled();
    await stub("id", "echo 1000");
    await stub("sudo", `printf '%s\\n' "sudo $*" >> ${box}/log; [ "$1" = -n ] || "$@"`);
    const r = run("test-setup.sh");
    expect(r.status, r.stderr).toBe(0);
    expect(await log()).toEqual([
      "sudo -n true",
      `sudo sh -c printf '#!/bin/sh\\nexit 101\\n' > ${box}/policy-rc.d && chmod 755 ${box}/policy-rc.d`,
      "sudo apt-get update -q",
      "apt-get update -q (policy-rc.d: 101)",
      "sudo apt-get install -y -q chromium fonts-noto-cjk default-jre-headless openssl nginx",
      "apt-get install -y -q chromium fonts-noto-cjk default-jre-headless openssl nginx (policy-rc.d: 101)",
      `sudo rm -f ${box}/policy-rc.d`,
      "sudo systemctl disable --now nginx",
      "systemctl disable --now nginx",
      "sudo update-rc.d nginx disable",
      "update-rc.d nginx disable",
    ]);
    expect(existsSync(path.join(box, "policy-rc.d"))).toBe(false);
  });

  it("without root or sudo names the missing packages and how to install them, installs nothing and fails", async () => {
    await devInstalled();
    await stub("id", "echo 1000");
    await rm(path.join(box, "stubs", "sudo"));
    const r = run("test-setup.sh");
    expect(r.status).toBe(1);
    expect(await log()).toEqual([]);
    expect(r.stderr).toBe(
      "test setup: the browser, HTML-validity, link-check and nginx tests need the Debian packages chromium fonts-noto-cjk default-jre-headless openssl nginx,\n" +
        "which are missing, and this user is neither root nor allowed to use sudo to install them. Install them as root (apt-get install chromium fonts-noto-cjk default-jre-headless openssl nginx)\n" +
        "and run npm test again, or run the tiers that need none: npm run test:unit and npm run test:build.\n",
    );
  });

  it("removes its policy-rc.d when apt-get fails, and stops", async () => {
    await devInstalled();
    await stub("apt-get", `echo "apt-get $*" >> ${box}/log; exit 1`);
    const r = run("test-setup.sh");
    expect(r.status).not.toBe(0);
    expect(await log()).toEqual(["apt-get update -q"]);
    expect(existsSync(path.join(box, "policy-rc.d"))).toBe(false);
  });

  it("leaves a policy-rc.d the machine has as it was", async () => {
    await devInstalled();
    await writeFile(path.join(box, "policy-rc.d"), "#!/bin/sh\nexit 101\n# the machine's own\n");
    await chmod(path.join(box, "policy-rc.d"), 0o755);
    expect(run("test-setup.sh").status).toBe(0);
    expect(await readFile(path.join(box, "policy-rc.d"), "utf8")).toContain("the machine's own");
  });
});
