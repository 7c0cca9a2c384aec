// The mistakes in a booking link that deserve their own words (white space inside it, a port after the host), and the
// form two links are compared in.

/** Names of the white-space characters people paste into URLs. */
const SPACES: Record<string, string> = { " ": "a space", "\n": "a line break", "\r": "a line break", "\t": "a tab", "\u00a0": "a no-break space" };

/** The white space inside a link, named with its place, as a hint; undefined when there is none. */
export function spaceProblem(link: string): string | undefined {
  const space = /\s/.exec(link);
  if (!space) return undefined;
  const code = space[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  const what = SPACES[space[0]] ?? `the white-space character U+${code}`;
  const where = `(character ${[...link.slice(0, space.index)].length + 1} of ${[...link].length})`;
  return what === "a line break"
    ? `it contains a line break ${where}: write the URL on one line, as a plain value after the colon`
    : `it contains ${what} ${where}: a URL has none; remove it, or write %20 where the address really has a space`;
}

/** A port after the host, as a hint; undefined for none (URL already drops https's own :443). */
export function portProblem(url: URL): string | undefined {
  if (!url.port) return undefined;
  return `the port :${url.port} is refused: booking links use the standard https port; remove ":${url.port}" after ${url.hostname}`;
}

/** The form links are compared in: scheme and host lower-cased as the build writes them, without the parameters it sets. */
export function comparableLink(link: string, strip: readonly string[] = []): string {
  try {
    const url = new URL(link);
    for (const name of strip) url.searchParams.delete(name);
    return url.href;
  } catch {
    return link;
  }
}
