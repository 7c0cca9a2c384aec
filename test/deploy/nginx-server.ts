// Real nginx for tests: the server block of docs/deploying.md, cut out between its markers so the docs and the test
// cannot drift, run as a foreground child on a free port over a built output folder.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import { REPO } from "../support/fixture.js";

/** The nginx block of a document between `<!-- name:start -->` and `<!-- name:end -->`. */
export async function markedBlock(file: string, name: string): Promise<string> {
  const text = await readFile(path.join(REPO, file), "utf8");
  const m = new RegExp(`<!-- ${name}:start -->\\n\`\`\`nginx\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`).exec(text);
  if (!m) throw new Error(`${file} has no nginx block between its ${name} markers`);
  return m[1];
}

/** The server block of docs/deploying.md's nginx section. */
export const readmeServerBlock = () => markedBlock("docs/deploying.md", "nginx-server-block");

/** A port the OS says is free now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts nginx with docs/deploying.md's block serving `dist` (only listen, server_name and the /srv path replaced);
 * `http` adds lines to the http block beside it (the /srv path replaced too).
 */
export async function startNginx(opts: { dist: string; work: string; http?: string }): Promise<{ url: string; stop: () => Promise<void> }> {
  const block = (await readmeServerBlock())
    .replace(/^(\s*)listen [^;]*;/m, `$1listen 127.0.0.1:${await freePort()};`)
    .replace(/^(\s*)server_name [^;]*;/m, "$1server_name localhost;")
    .replaceAll("/srv/hotelsite/dist", opts.dist);
  const port = /listen 127\.0\.0\.1:(\d+);/.exec(block)![1];
  const prefix = path.join(opts.work, "nginx");
  await mkdir(prefix, { recursive: true });
  // Worker processes read the site as the user named here: the test's own user.
  await chmod(opts.work, 0o755);
  const conf = [
    `user ${userInfo().username};`,
    "daemon off;",
    "worker_processes 1;",
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    "events { worker_connections 64; }",
    "http {",
    "  include /etc/nginx/mime.types;",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${prefix}/${t};`),
    (opts.http ?? "").replaceAll("/srv/hotelsite/dist", opts.dist),
    block,
    "}",
  ].join("\n");
  await writeFile(path.join(prefix, "nginx.conf"), conf);
  const child: ChildProcess = spawn(existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx", ["-p", prefix, "-e", path.join(prefix, "error.log"), "-c", path.join(prefix, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${await readFile(`${prefix}/error.log`, "utf8").catch(() => "")}`);
    try {
      await fetch(url, { redirect: "manual" });
      break;
    } catch {
      if (i > 200) throw new Error(`nginx did not answer: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, stop };
}
