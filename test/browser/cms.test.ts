// The browser editor with the real CMS bundle, served as a host would serve /admin/ (its own policy from `_headers`):
// it loads under that policy without an outside request, lists the hotels, and saves an edit of a Japanese field
// and a new hotel to a local repository (a folder in the browser's private file system, handed to the CMS in place
// of the directory picker); the saved files pass `check --strict`, build, and differ from the originals only where
// edited.
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, runCli } from "../support/fixture.js";
import { DESKTOP, useSite } from "./support.js";

const temp = await mkdtemp(path.join(tmpdir(), "hotelsite-cms-"));
/** The bundled content with docs/examples/cms/site.yaml over its site.yaml: what the browser edits. */
const contentDir = path.join(temp, "content");
afterAll(() => rm(temp, { recursive: true, force: true }));

const site = useSite(async () => {
  await cp(path.join(REPO, "content"), contentDir, { recursive: true });
  await cp(path.join(REPO, "docs/examples/cms/site.yaml"), path.join(contentDir, "site.yaml"));
  return contentDir;
});

/** The repository's text files the editor reads, by path from the repository's root. */
async function repoFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of ["site.yaml", "home.yaml", "strings.yaml", ...(await readdir(path.join(contentDir, "hotels"))).map((h) => `hotels/${h}`)]) {
    out[`content/${f}`] = await readFile(path.join(contentDir, f), "utf8");
  }
  return out;
}

/** Puts the files in a folder of the origin's private file system and makes the directory picker return it. */
async function giveLocalRepository(page: Page, files: Record<string, string>) {
  await page.evaluate(async (files) => {
    const root = await navigator.storage.getDirectory();
    const repo = await root.getDirectoryHandle("repo", { create: true });
    await repo.getDirectoryHandle(".git", { create: true });
    for (const [file, text] of Object.entries(files)) {
      let dir = repo;
      const parts = file.split("/");
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
    (window as any).showDirectoryPicker = async () => repo;
  }, files);
}

/** Every file of the local repository as the CMS left it, by path (the .git folder aside). */
function repoTree(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const out: Record<string, string> = {};
    const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      for await (const [name, handle] of (dir as any).entries() as AsyncIterable<[string, FileSystemHandle]>) {
        if (name === ".git") continue;
        if (handle.kind === "directory") await walk(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
        else out[`${prefix}${name}`] = await (await (handle as FileSystemFileHandle).getFile()).text();
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle("repo"), "");
    return out;
  });
}

/** A file of the local repository as the CMS left it. */
function savedFile(page: Page, file: string): Promise<string> {
  return page.evaluate(async (file) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("repo");
    const parts = file.split("/");
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    return (await (await dir.getFileHandle(parts.at(-1)!)).getFile()).text();
  }, file);
}

/** How long to wait for the CMS to show or save something (a signal awaited, not a time measured). */
const WAIT = { timeout: 60_000, interval: 200 };

/** What the CMS is refused under its policy: its update check and the git host's status page, nothing else. */
const REFUSED_LOOKUPS = ["https://unpkg.com/@sveltia/cms/package.json", "https://www.githubstatus.com/api/v2/status.json"];

/** The problems the watchers saw, less the refusals of the CMS's two lookups (each must be a refusal by the policy). */
function problemsBesidesLookups() {
  const { csp, ...others } = site().takeProblems();
  const unexpected = csp.filter((v) => !REFUSED_LOOKUPS.some((url) => v.includes(url)));
  return { csp: unexpected, ...others };
}

/** Opens /admin/ with the bundled content as a local repository and signs in to it. */
async function openEditor() {
  const { page } = await site().open("/admin/", { viewport: DESKTOP });
  await giveLocalRepository(page, await repoFiles());
  await page.getByRole("button", { name: /local repository/i }).click();
  return page;
}

/** A choice of the editor's left or right pane's locale switcher: a language code or "preview" (right only). */
const paneChoice = (page: Page, pane: "left" | "right", value: string) =>
  page
    .locator('[role=radiogroup][aria-label="Switch Locale"]')
    .nth(pane === "left" ? 0 : 1)
    .locator(`[role=radio][data-value="${value}"]`)
    .filter({ visible: true })
    .first();

/** Scrolls the left pane until the field is drawn (the CMS draws a pane's fields as they come into view). */
async function reveal(page: Page, field: ReturnType<Page["locator"]>) {
  await page.locator('[data-locale="en"][data-mode="edit"]').hover();
  await expect
    .poll(async () => {
      if ((await field.count()) > 0) return true;
      await page.mouse.wheel(0, 600);
      return false;
    }, WAIT)
    .toBe(true);
  await field.scrollIntoViewIfNeeded();
}

/** Lines of `after` that differ from the same line of `before` (files of equal line counts). */
function changedLines(before: string, after: string): [string, string][] {
  const [a, b] = [before.split("\n"), after.split("\n")];
  expect(b.length).toBe(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]] as [string, string]]));
}

describe("the browser editor at /admin/", () => {
  it("is served with its own policy and never indexed; the site's pages keep theirs", async () => {
    const admin = await fetch(`${site().url}/admin/`);
    const home = await fetch(`${site().url}/`);
    const adminPolicy = admin.headers.get("content-security-policy")!;
    expect(adminPolicy).toContain("style-src 'self' 'unsafe-inline'");
    // Scripts from the site only, and the one inline import map by its hash: no inline code, no eval.
    expect(adminPolicy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(home.headers.get("content-security-policy")).not.toBe(adminPolicy);
    expect(home.headers.get("content-security-policy")).toContain("style-src 'self';");
    expect(admin.headers.get("x-robots-tag")).toBe("noindex");
    expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(await (await fetch(`${site().url}/robots.txt`)).text()).toContain("Disallow: /admin/\n");
  });

  it("lists the hotels, saves a Japanese edit and a new hotel to a local repository: check --strict passes and only the edits differ", { timeout: 240_000 }, async () => {
    const before = await repoFiles();
    const page = await openEditor();
    // Every hotel of the content is listed: the collection counts 32 entries, and the list shows their names.
    await expect.poll(() => page.getByRole("navigation").first().innerText(), WAIT).toMatch(/Hotels\s+32\b/);
    await expect.poll(() => page.getByText("Grand Hyatt Abu Dhabi", { exact: true }).count(), WAIT).toBe(1);
    expect(await page.getByText("Grand Hyatt Athens", { exact: true }).count()).toBe(1);

    // A translator corrects a Japanese title, with the English beside it.
    await page.getByText("Grand Hyatt Abu Dhabi", { exact: true }).click();
    await paneChoice(page, "right", "ja").click();
    const jaTitle = page.locator('[data-locale="ja"] section[data-key-path="title"] input');
    await expect.poll(() => jaTitle.inputValue(), WAIT).toBe("アブダビのコーニッシュに映えるアラビアの優雅");
    // The English field is beside it, in the same place of the other pane.
    const enTitle = page.locator('[data-locale="en"] section[data-key-path="title"] input');
    expect(await enTitle.inputValue()).toBe("Arabian elegance near the Abu Dhabi Corniche");
    expect(Math.abs((await enTitle.boundingBox())!.y - (await jaTitle.boundingBox())!.y)).toBeLessThan(40);
    await jaTitle.fill("アブダビの海辺に映えるアラビアの優雅");
    // The preview pane shows the Japanese page as the site built it (its heading, its stylesheet).
    await paneChoice(page, "right", "preview").click();
    await paneChoice(page, "left", "ja").click();
    const preview = page.frameLocator('iframe[title="Content Preview"]').locator('[data-preview-of="/ja/grand-hyatt-abu-dhabi/"]');
    await expect.poll(() => preview.locator("h1").textContent(), WAIT).toBe("グランド ハイアット アブダビ：アラブ首長国連邦の首都で過ごすアラビアの優雅");
    expect(await preview.getAttribute("lang")).toBe("ja");
    expect(await preview.locator('link[rel="stylesheet"]').getAttribute("href")).toMatch(/^\/assets\/site\.[0-9A-F]+\.css$/);
    // Back to English on the left, Japanese on the right, to save.
    await paneChoice(page, "left", "en").click();
    await paneChoice(page, "right", "ja").click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => savedFile(page, "content/hotels/abu-dhabi.yaml"), WAIT).not.toBe(before["content/hotels/abu-dhabi.yaml"]);
    const saved = await savedFile(page, "content/hotels/abu-dhabi.yaml");
    expect(changedLines(before["content/hotels/abu-dhabi.yaml"], saved)).toEqual([["    title: アブダビのコーニッシュに映えるアラビアの優雅", "    title: アブダビの海辺に映えるアラビアの優雅"]]);
    // An owner adds a hotel: a copy of Grand Hyatt Dubai, given its own id, booking link and names.
    await page.getByText("Grand Hyatt Dubai", { exact: true }).click();
    await page.getByRole("button", { name: "Show Editor Options" }).click();
    await page.getByRole("menuitem", { name: "Duplicate" }).click();
    const en = (key: string) => page.locator(`[data-locale="en"] section[data-key-path="${key}"] input`);
    await expect.poll(() => en("name").inputValue(), WAIT).toBe("Grand Hyatt Dubai");
    await en("name").fill("Grand Hyatt Dubai Creek");
    // The shared fields follow the text: the pane draws them as it is scrolled to them.
    await reveal(page, en("id"));
    expect(await en("id").inputValue()).toBe("dubai");
    await en("id").fill("dubai-creek");
    await reveal(page, en("affiliateLink"));
    await en("affiliateLink").fill("https://www.booking.com/searchresults.html?ss=Grand+Hyatt+Dubai+Creek");
    await paneChoice(page, "right", "zh").click();
    await page.locator('[data-locale="zh"] section[data-key-path="name"] input').fill("迪拜溪君悦酒店");
    await paneChoice(page, "right", "ja").click();
    await page.locator('[data-locale="ja"] section[data-key-path="name"] input').fill("グランド ハイアット ドバイ クリーク");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => savedFile(page, "content/hotels/dubai-creek.yaml").catch(() => ""), WAIT).not.toBe("");
    const added = await savedFile(page, "content/hotels/dubai-creek.yaml");
    expect(added).toContain("id: dubai-creek\n");
    expect(added).toContain("    name: グランド ハイアット ドバイ クリーク\n");

    // The repository as the editor left it: the two saves and nothing else.
    const after = await repoTree(page);
    expect(Object.keys(after).sort()).toEqual([...Object.keys(before), "content/hotels/dubai-creek.yaml"].sort());
    for (const [file, text] of Object.entries(before)) if (file !== "content/hotels/abu-dhabi.yaml") expect(after[file], file).toBe(text);

    // It passes check --strict once the new hotel's translations are recorded (docs/cms.md: translations made in the
    // editor are hand edits, recorded with mark-current as the README says), and it builds with the new pages.
    const project = path.join(temp, "saved");
    await cp(contentDir, path.join(project, "content"), { recursive: true });
    for (const [file, text] of Object.entries(after)) await writeFile(path.join(project, file), text);
    expect((await runCli(["translate", "mark-current", "hotels/dubai-creek.yaml"], project)).code).toBe(0);
    const checked = await runCli(["check", "--strict"], project);
    expect(checked.code, (checked.out + checked.err).slice(-1500)).toBe(0);
    const built = await runCli(["build"], project);
    expect(built.code, built.err.slice(-1500)).toBe(0);
    expect(await readFile(path.join(project, "dist/ja/grand-hyatt-dubai-creek/index.html"), "utf8")).toContain("グランド ハイアット ドバイ クリーク");
    // The card title shows on the home page's card.
    // (Read as shown: the page marks where a Japanese headline may break with <wbr>.)
    expect((await readFile(path.join(project, "dist/ja/index.html"), "utf8")).replace(/<wbr\/?>/g, "")).toContain("アブダビの海辺に映えるアラビアの優雅");
    expect(problemsBesidesLookups()).toEqual({ csp: [], scriptErrors: [], brokenResources: [], externalRequests: [] });
  });
});
