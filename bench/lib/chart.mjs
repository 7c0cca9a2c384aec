// The benchmark's chart: build time against page count, one line per series, as a small standalone SVG.

const W = 720;
const H = 420;
const PAD = { left: 64, right: 150, top: 48, bottom: 56 };
const COLOURS = ["#c2410c", "#1d4ed8", "#15803d", "#6b21a8"];

/** Escapes text for SVG. */
const esc = (s) => String(s).replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]);

/** A round step for an axis spanning `max`. */
function step(max) {
  const raw = max / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw);
}

/** SVG of series [{ name, points: [{ pages, seconds }] }] with a title and a note under the axes. */
export function chartSvg({ title, note, series }) {
  const all = series.flatMap((s) => s.points);
  const xStep = step(Math.max(...all.map((p) => p.pages)));
  const yStep = step(Math.max(...all.map((p) => p.seconds)));
  const xMax = Math.ceil(Math.max(...all.map((p) => p.pages)) / xStep) * xStep;
  const yMax = Math.ceil(Math.max(...all.map((p) => p.seconds)) / yStep) * yStep;
  const x = (v) => PAD.left + (v / xMax) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / yMax) * (H - PAD.top - PAD.bottom);
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="t d" font-family="system-ui, sans-serif" font-size="12">`);
  out.push(`<title id="t">${esc(title)}</title>`);
  out.push(`<desc id="d">${esc(series.map((s) => `${s.name}: ${s.points.map((p) => `${p.pages} pages ${p.seconds.toFixed(2)} s`).join(", ")}`).join("; "))}</desc>`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${PAD.left}" y="24" font-size="15" font-weight="600" fill="#111">${esc(title)}</text>`);
  for (let v = 0; v <= yMax + 1e-9; v += yStep) {
    out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/>`);
    out.push(`<text x="${PAD.left - 8}" y="${y(v) + 4}" text-anchor="end" fill="#374151">${+v.toFixed(2)} s</text>`);
  }
  for (let v = 0; v <= xMax + 1e-9; v += xStep) {
    out.push(`<line x1="${x(v)}" x2="${x(v)}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom + 4}" stroke="#6b7280"/>`);
    out.push(`<text x="${x(v)}" y="${H - PAD.bottom + 18}" text-anchor="middle" fill="#374151">${v.toLocaleString("en")}</text>`);
  }
  out.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}" stroke="#6b7280"/>`);
  out.push(`<text x="${(PAD.left + W - PAD.right) / 2}" y="${H - 16}" text-anchor="middle" fill="#111">pages</text>`);
  const labels = [];
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const pts = [...s.points].sort((a, b) => a.pages - b.pages);
    const dash = s.dashed ? ` stroke-dasharray="6 4"` : "";
    out.push(`<polyline fill="none" stroke="${colour}" stroke-width="2.5"${dash} points="${pts.map((p) => `${x(p.pages).toFixed(1)},${y(p.seconds).toFixed(1)}`).join(" ")}"/>`);
    for (const p of pts) out.push(`<circle cx="${x(p.pages).toFixed(1)}" cy="${y(p.seconds).toFixed(1)}" r="3.5" fill="${colour}"/>`);
    const last = pts[pts.length - 1];
    labels.push({ x: x(last.pages) + 8, y: y(last.seconds) + 4, colour, text: `${s.name} ${last.seconds.toFixed(2)} s` });
  });
  // Labels at the lines' ends, pushed apart when two lines end close together.
  labels.sort((a, b) => a.y - b.y);
  for (let i = 1; i < labels.length; i++) labels[i].y = Math.max(labels[i].y, labels[i - 1].y + 15);
  for (const l of labels) out.push(`<text x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}" fill="${l.colour}" font-weight="600">${esc(l.text)}</text>`);
  if (note) out.push(`<text x="${PAD.left}" y="40" fill="#4b5563">${esc(note)}</text>`);
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
