// The hostile corpus for `hotelsite report`'s inputs: exports and click logs in every encoding a spreadsheet or a
// host writes (UTF-16 by its byte order mark read as UTF-8 is; Latin-1 refused at its line, never read as U+FFFD),
// impossible dates, files that are not files, and cells that try to run in the terminal, a spreadsheet or a browser.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clicksSiteYaml } from "../support/clicks-fixture.js";
import { fixtureCopy, runCli } from "../support/fixture.js";

let fx: Awaited<ReturnType<typeof fixtureCopy>>;
const HEAD = "Book date,Status,Label,Commission,Currency";
const ROWS = ["2026-11-02,OK,en-test-brand-alpha-hero,10.00,EUR", "2026-11-03,OK,ja-home-cta,3.50,EUR"];
const CSV = `${HEAD}\r\n${ROWS.join("\r\n")}\r\n`;
const ENDING = "\n\n1 error found.\nNothing was written; the content folder is as it was.\n";
const write = (name: string, data: string | Buffer) => writeFile(path.join(fx.dir, name), data);
const utf16be = (s: string) => Buffer.from(s, "utf16le").swap16();

beforeAll(async () => {
  fx = await fixtureCopy({ "site.yaml": clicksSiteYaml(false) });
}, 60_000);
afterAll(async () => fx?.cleanup());

describe("report inputs: encodings", () => {
  it("reads UTF-16 (either byte order, by its mark) and UTF-8 with a mark as it reads UTF-8", async () => {
    const plain = await runCli(["report", "plain.csv", "--json"], (await write("plain.csv", CSV), fx.dir));
    expect(JSON.parse(plain.out).totals.commission).toEqual({ EUR: 13.5 });
    const tabs = CSV.replaceAll(",", "\t");
    await write("le.csv", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabs, "utf16le")]));
    await write("be.csv", Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(CSV)]));
    await write("bom.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV)]));
    for (const name of ["le.csv", "be.csv", "bom.csv"]) {
      const r = await runCli(["report", name, "--json"], fx.dir);
      expect([r.code, r.err], name).toEqual([0, ""]);
      expect(JSON.parse(r.out).totals, name).toEqual(JSON.parse(plain.out).totals);
    }
  });

  it("refuses bytes that are not UTF-8 at their line (Latin-1, Windows-1252, a character cut at the end), never as U+FFFD", async () => {
    await write("latin1.csv", Buffer.from(`${CSV}2026-11-04,Bestätigt,en-test-brand-alpha-top,1.00,EUR\r\n`, "latin1"));
    await write("cp1252.log", Buffer.concat([Buffer.from("2026-11-02T10:00:00+00:00 GET /go/ja-home-cta 302 browser\n"), Buffer.from([0x93, 0x0a])]));
    await write("cut.csv", Buffer.from(`${CSV}\u00e9`).subarray(0, -1));
    const hint = "\n    hint: export it again as UTF-8 (or UTF-16 with its byte order mark): Latin-1 and Windows-1252 are not read";
    expect(await runCli(["report", "latin1.csv"], fx.dir)).toMatchObject({ code: 1, out: "", err: `latin1.csv:4:16 holds bytes that are not valid UTF-8 (the byte 0xe4 here)${hint}${ENDING}` });
    expect(await runCli(["report", "--clicks", "cp1252.log"], fx.dir)).toMatchObject({ code: 1, out: "", err: `cp1252.log:2:1 holds bytes that are not valid UTF-8 (the byte 0x93 here)${hint}${ENDING}` });
    expect(await runCli(["report", "cut.csv"], fx.dir)).toMatchObject({ code: 1, out: "", err: `cut.csv:4:1 holds bytes that are not valid UTF-8${hint}${ENDING}` });
    // UTF-16 whose text is cut in half a character: refused, not guessed.
    await write("odd.csv", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CSV, "utf16le"), Buffer.from([0x41])]));
    expect(await runCli(["report", "odd.csv"], fx.dir)).toMatchObject({ code: 1, out: "", err: `odd.csv:1:1 holds bytes that are not valid UTF-16LE${hint}${ENDING}` });
  });
});

describe("report inputs: what is not a file", () => {
  it("refuses a FIFO, a folder, a device and a file that fails to read, at once and without a stack", async () => {
    execFileSync("mkfifo", [path.join(fx.dir, "pipe.log")]);
    await mkdir(path.join(fx.dir, "folder.csv"));
    await symlink("/dev/zero", path.join(fx.dir, "zero.csv"));
    const cases: [string[], string][] = [
      [["--clicks", "pipe.log"], "pipe.log is a named pipe (FIFO), not a regular file"],
      [["folder.csv"], "folder.csv is a folder, not a file"],
      [["zero.csv"], "zero.csv is a character device (through a link to /dev/zero), not a regular file"],
      [["/dev/zero"], "/dev/zero is a character device, not a regular file"],
      [["--clicks", "/proc/self/mem"], "/proc/self/mem cannot be read (EIO)"],
    ];
    for (const [args, first] of cases) {
      const r = await runCli(["report", ...args], fx.dir);
      expect([r.code, r.err.split("\n")[0]], args.join(" ")).toEqual([1, first]);
      expect(r.err).not.toMatch(/\n +at |internal error/);
    }
  });
});

describe("report inputs: cells that try to run", () => {
  it("skips a click whose time is no date (month 13, 30 February, year 0) instead of failing", async () => {
    const line = (time: string) => `${time}T10:00:00+00:00 GET /go/ja-home-cta 302 browser`;
    await write("dates.log", [line("2026-11-02"), line("2026-13-45"), line("2026-02-30"), line("0000-00-00")].join("\n") + "\n");
    const r = await runCli(["report", "--clicks", "dates.log"], fx.dir);
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(r.out).toContain(
      'dates.log: 4 lines read as click log, 3 skipped\n  dates.log:2 skipped: has a time that is not a date: "2026-13-45"\n  dates.log:3 skipped: has a time that is not a date: "2026-02-30"\n  dates.log:4 skipped: has a time that is not a date: "0000-00-00"',
    );
  });

  it("writes terminal escapes, bidirectional overrides and C1 controls as \\u escapes in the table and the CSV, formulas with an apostrophe, markup escaped in the HTML", async () => {
    const ids = ["\u001b]52;c;cHduZWQ=\u0007x", "\u009b31mred", "\u202eevil", '=HYPERLINK("https://evil.example","x")', "<img src=x onerror=alert(1)>"];
    await write("hostile.csv", `${HEAD}\r\n${ids.map((id) => `2026-11-02,OK,"${id.replaceAll('"', '""')}",1.00,EUR`).join("\r\n")}\r\n`);
    const table = await runCli(["report", "hostile.csv", "--html", "hostile.html"], fx.dir);
    const csv = await runCli(["report", "hostile.csv", "--csv"], fx.dir);
    for (const out of [table.out, csv.out]) {
      expect(out).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(out).toContain("\\u001b]52;c;cHduZWQ=\\u0007x");
      expect(out).toContain("\\u009b31mred");
      expect(out).toContain("\\u202eevil");
    }
    expect(csv.out).toContain(`unplaced,"'=HYPERLINK(""https://evil.example"",""x"")",0,1,0,0,,1.00,`);
    const html = await readFile(path.join(fx.dir, "hostile.html"), "utf8");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img");
  });
});
