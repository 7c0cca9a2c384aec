// Reads the generated `_headers` file so the preview sends the same headers as production.

/** One block of `_headers`: a path pattern and the headers for paths it matches. */
export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

/** Parses `_headers`: an unindented path line, then indented "Name: value" lines. Comments start with #. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const m = /^\s+([^:\s]+)\s*:\s*(.*)$/.exec(line);
    if (m && rules.length) rules[rules.length - 1].headers.push([m[1], m[2].trim()]);
  }
  return rules;
}

/** True when a `_headers` pattern matches a path: "*" matches anything, ":name" one segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const re = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${re}$`).test(pathname);
}

/** The headers for a path: every matching block in file order, later blocks overriding earlier ones. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) out[name] = value;
  }
  return out;
}
