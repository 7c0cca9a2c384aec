#!/usr/bin/env node
// Generates the destination illustrations (flat, layered travel-poster SVGs) for the hotel pages
// and the home hero. Deterministic: every scene is seeded from its id, so reruns are byte-identical.
//
// Usage: node scripts/illustrate.mjs [outputImagesDir]
//   default output: <project>/content/images  (hotels/<id>.svg and home-hero.svg)

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const W = 1600;
const H = 1000;
const MAX_BYTES = 8000; // keep each file comfortably under 8 KB

// ---------------------------------------------------------------------------------------------
// Numbers, randomness, colour
// ---------------------------------------------------------------------------------------------

/** Integer formatting for every coordinate written to the SVG. */
const fmt = (v) => (typeof v === 'number' ? String(Math.round(v)) : String(v));

/** Tagged template that rounds every interpolated number, so path data stays integer and compact. */
const d = (s, ...v) => s.reduce((a, str, i) => a + str + (i < v.length ? fmt(v[i]) : ''), '');

/** Polygon (or polyline) path from points, rounded, with repeated points dropped. */
function poly(pts, close = true) {
  const out = [];
  for (const [x, y] of pts) {
    const p = `${fmt(x)} ${fmt(y)}`;
    if (out.at(-1) !== p) out.push(p);
  }
  return `M${out.join(' ')}${close ? 'Z' : ''}`;
}

/** Smooth curve through points (Catmull-Rom converted to cubic Béziers), left open. */
function curve(pts) {
  let s = d`M${pts[0][0]} ${pts[0][1]}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] || pts[i], p1 = pts[i], p2 = pts[i + 1], p3 = pts[i + 2] || p2;
    s += d`C${p1[0] + (p2[0] - p0[0]) / 6} ${p1[1] + (p2[1] - p0[1]) / 6} ${p2[0] - (p3[0] - p1[0]) / 6} ${p2[1] - (p3[1] - p1[1]) / 6} ${p2[0]} ${p2[1]}`;
  }
  return s;
}

/** A smooth hill/land mass: curve through pts, closed down to the bottom edge (or `base`). */
const hill = (pts, base = H) => curve(pts) + d`V${base}H${pts[0][0]}Z`;

/** Seeded PRNG (mulberry32) — the only randomness source, so output is reproducible. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a string hash, used to derive a stable seed from a destination id. */
function seedOf(s) {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** '#rrggbb' to [r, g, b]. */
const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** Linear blend of two #rrggbb colours — the basis of the atmospheric-perspective tones. */
function mix(a, b, t) {
  const A = rgb(a), B = rgb(b);
  return '#' + A.map((v, i) => Math.round(v + (B[i] - v) * t).toString(16).padStart(2, '0')).join('');
}

/** Escapes text for the <title> element. */
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// ---------------------------------------------------------------------------------------------
// Scene: collects <defs> and body markup for one illustration
// ---------------------------------------------------------------------------------------------

/** Holds one illustration's palette, seeded RNG, defs and drawing order. */
class Scene {
  constructor(id, title, p) {
    Object.assign(this, { id, title, p, rand: rng(seedOf(id)), defs: [], body: [], seen: new Set(), k: 0 });
  }
  uid(prefix) { return prefix + (this.k++).toString(36); }
  def(s) { this.defs.push(s); }
  once(key, s) { if (!this.seen.has(key)) { this.seen.add(key); this.defs.push(s); } }
  add(...s) { this.body.push(...s); }
  r(a = 0, b = 1) { return a + this.rand() * (b - a); }
  /** Depth tone: 0 = haze (far, pale), 1 = ink (near, dark). */
  t(x) { return mix(this.p.haze, this.p.ink, x); }
  svg() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<title>${esc(this.title)}</title><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>\n`;
  }
}

/** <path> element markup. */
const path = (dd, fill, extra = '') => `<path d="${dd}" fill="${fill}"${extra}/>`;
/** Opacity attribute, rounded to two decimals. */
const op = (o) => ` opacity="${+o.toFixed(2)}"`;

// ---------------------------------------------------------------------------------------------
// Sky, light and water
// ---------------------------------------------------------------------------------------------

/** Three-stop vertical sky gradient ending at the horizon line. */
function sky(S, hz) {
  const [a, b, c] = S.p.sky;
  S.def(`<linearGradient id="s" x2="0" y2="${hz}" gradientUnits="userSpaceOnUse"><stop stop-color="${a}"/>` +
    `<stop offset=".6" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>`);
  S.add(`<rect width="${W}" height="${H}" fill="url(#s)"/>`);
}

/** Sun (or moon) disc with a soft radial glow. */
function sun(S, x, y, r, { glow = 4, color = S.p.sun, strength = 0.55 } = {}) {
  S.once('glow', `<radialGradient id="g"><stop stop-color="${color}" stop-opacity="${strength}"/>` +
    `<stop offset=".35" stop-color="${color}" stop-opacity="${+(strength * 0.35).toFixed(2)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`);
  S.add(d`<circle cx="${x}" cy="${y}" r="${r * glow}" fill="url(#g)"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`);
}

/** Crescent moon: glow plus the lune between two arcs. */
function crescent(S, x, y, r, color) {
  halo(S, x, y, r * 4, color, 0.18);
  S.add(path(d`M${x} ${y - r}A${r} ${r} 0 1 0 ${x} ${y + r}A${r * 0.55} ${r} 0 1 1 ${x} ${y - r}Z`, color));
}

/** Soft radial halo around a light source (lamps, lit towers, moons). */
function halo(S, x, y, r, color, o = 0.5) {
  const id = 'q' + color.slice(1);
  S.once(id, `<radialGradient id="${id}"><stop stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`);
  S.add(d`<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${id})"${op(o)}/>`);
}

/** Scattered stars for night skies (one path of tiny squares). */
function stars(S, n, yMax, color = '#fff') {
  let s = '';
  for (let i = 0; i < n; i++) {
    const z = S.r() < 0.2 ? 3 : 2;
    s += d`M${S.r(0, W)} ${S.r(0, yMax)}h${z}v${z}h-${z}z`;
  }
  S.add(path(s, color, op(0.7)));
}

/** Long flat poster clouds: stacks of pill shapes. */
function clouds(S, list, color, o = 0.5) {
  let s = '';
  for (const [x, y, w] of list) {
    const h = 16 + w / 30;
    s += d`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}"/>`;
    s += d`<rect x="${x + w * S.r(0.12, 0.3)}" y="${y - h * 0.7}" width="${w * S.r(0.35, 0.55)}" height="${h}" rx="${h / 2}"/>`;
  }
  S.add(`<g fill="${color}"${op(o)}>${s}</g>`);
}

/** Horizontal soft haze band (atmospheric mist between depth layers). */
function mist(S, y, h, o = 0.6, color = S.p.haze) {
  const id = 'h' + color.slice(1);
  S.once(id, `<linearGradient id="${id}" x2="0" y2="1"><stop stop-color="${color}" stop-opacity="0"/>` +
    `<stop offset=".5" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient>`);
  S.add(d`<rect y="${y}" width="${W}" height="${h}" fill="url(#${id})"${op(o)}/>`);
}

/** Water body from the horizon down, with a two-stop gradient. */
function sea(S, y, { x0 = 0, x1 = W } = {}) {
  const [a, b] = S.p.sea;
  S.once('sea', `<linearGradient id="w" x2="0" y2="1"><stop stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`);
  S.add(d`<rect x="${x0}" y="${y}" width="${x1 - x0}" height="${H - y}" fill="url(#w)"/>`);
}

/** Thin horizontal ripple strokes that widen toward the viewer. */
function ripples(S, y0, y1, n, color, o = 0.35, x0 = 0, x1 = W) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const f = (i + S.r()) / n, y = y0 + (y1 - y0) * f * f;
    const w = 10 + S.r(20, 120) * (0.3 + f);
    s += d`M${S.r(x0, x1 - w)} ${y}h${w}`;
  }
  S.add(`<path d="${s}" stroke="${color}" stroke-width="2"${op(o)}/>`);
}

/** Broken column of light on the water under the sun or moon. */
function glitter(S, cx, y0, y1, w, color = S.p.sun, o = 0.8) {
  let s = '', y = y0 + 3;
  while (y < y1) {
    const f = (y - y0) / (y1 - y0), ww = w * (0.25 + 0.75 * S.r()) * (0.6 + f), th = 2 + f * 3;
    s += d`M${cx - ww / 2 + S.r(-w, w) * 0.25 * f} ${y}h${ww}v${th}h-${ww}z`;
    y += 5 + f * 14 + S.r(0, 5);
  }
  S.add(path(s, color, op(o)));
}

/** Mirrored, fading reflection of defs groups (refs: [[id, fill]]) about the waterline y. */
function reflect(S, refs, y, o = 0.35, fade = 260) {
  S.once('fade', `<linearGradient id="f" x2="0" y2="1"><stop stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
  const m = S.uid('m');
  S.def(d`<mask id="${m}"><rect y="${y}" width="${W}" height="${fade}" fill="url(#f)"/></mask>`);
  const uses = refs.map(([id, fill]) => `<use href="#${id}"${fill ? ` fill="${fill}"` : ''}/>`).join('');
  S.add(d`<g mask="url(#${m})"${op(o)}><g transform="matrix(1 0 0 -1 0 ${2 * y})">${uses}</g></g>`);
}

/** Lit-window pattern for night skylines (a tile of randomly lit windows). */
function lightPattern(S, color = S.p.lights) {
  const R = rng(99);
  let s = '';
  for (let gx = 0; gx < 8; gx++) for (let gy = 0; gy < 8; gy++) if (R() < 0.3) s += `M${gx * 8 + 2} ${gy * 10 + 3}h3v5h-3z`;
  S.once('L', `<pattern id="L" width="64" height="80" patternUnits="userSpaceOnUse"><path d="${s}" fill="${color}"/></pattern>`);
}

/** One depth layer: several paths sharing a fill, defined once so it can be reflected and lit. */
function layer(S, ds, fill, { lights = 0, extra = '' } = {}) {
  const id = S.uid('k');
  S.def(`<g id="${id}">${ds.map((x) => (Array.isArray(x) ? `<path d="${x[0]}" fill-rule="evenodd"/>` : `<path d="${x}"/>`)).join('')}</g>`);
  S.add(`<use href="#${id}" fill="${fill}"${extra}/>`);
  if (lights) { lightPattern(S); S.add(`<use href="#${id}" fill="url(#L)"${op(lights)}/>`); }
  return id;
}

// ---------------------------------------------------------------------------------------------
// Landforms
// ---------------------------------------------------------------------------------------------

/** Fractal line through control points (midpoint displacement perpendicular to each segment). */
function ridge(R, ctrl, rough = 0.3, depth = 3) {
  let pts = ctrl.map((p) => [...p]);
  for (let k = 0; k < depth; k++) {
    const out = [pts[0]];
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1], [x1, y1] = pts[i];
      const len = Math.hypot(x1 - x0, y1 - y0) || 1, j = (R() - 0.5) * len * rough;
      out.push([(x0 + x1) / 2 - ((y1 - y0) / len) * j, (y0 + y1) / 2 + ((x1 - x0) / len) * j], pts[i]);
    }
    pts = out;
  }
  return pts;
}

/** Mountain range: jagged silhouette with optional snow caps and shaded right-hand faces. */
function range(S, ctrl, fill, { rough = 0.3, depth = 3, snow, snowColor = '#fff', shade = 0.2, base = H } = {}) {
  const pts = ridge(S.rand, ctrl, rough, depth);
  const id = S.uid('r');
  S.def(`<path id="${id}" d="${poly([...pts, [pts.at(-1)[0], base], [pts[0][0], base]])}"/><clipPath id="c${id}"><use href="#${id}"/></clipPath>`);
  let inner = '';
  if (snow != null) {
    const hi = pts.filter((p) => p[1] < snow + 20);
    if (hi.length) {
      const xa = Math.min(...hi.map((p) => p[0])) - 30, xb = Math.max(...hi.map((p) => p[0])) + 30, sp = [[xa, 0]];
      for (let x = xa; x <= xb; x += 28) sp.push([x, snow + S.r(-12, 22) + (S.r() < 0.3 ? S.r(10, 45) : 0)]);
      sp.push([xb, 0]);
      inner += path(poly(sp), snowColor);
    }
  }
  if (shade) {
    let s = '';
    for (let i = 1; i < ctrl.length - 1; i++) {
      const [px, py] = ctrl[i];
      if (py < ctrl[i - 1][1] && py < ctrl[i + 1][1]) {
        let j = i + 1;
        while (j < ctrl.length - 1 && !(ctrl[j][1] > ctrl[j - 1][1] && ctrl[j][1] > ctrl[j + 1][1])) j++;
        const [vx, vy] = ctrl[j], ex = px + (vx - px) * 0.5;
        const crest = ridge(S.rand, [[px, py], [px + (vx - px) * 0.4, py + (base - py) * 0.6], [ex, base]], 0.3, 2);
        s += poly([[px, py - 300], ...crest, [ex + (vx - ex) * 0.4, base], [vx, vy], [vx, py - 300]]);
      }
    }
    if (s) inner += path(s, S.p.ink, op(shade));
  }
  S.add(`<use href="#${id}" fill="${fill}"/>` + (inner ? `<g clip-path="url(#c${id})">${inner}</g>` : ''));
  return id;
}

/** Bumpy canopy band (broadleaf trees, shrubs) from x0 to x1 around height y, closed to yb. */
function canopy(S, x0, x1, y, rMin, rMax, yb = H, jitter = 12) {
  let s = d`M${x0} ${yb}V${y}`, x = x0;
  while (x < x1) {
    const r = S.r(rMin, rMax), ny = y + S.r(-jitter, jitter);
    s += d`A${r} ${r} 0 0 1 ${Math.min(x + r * 1.6, x1)} ${ny}`;
    x += r * 1.6;
  }
  return s + d`V${yb}Z`;
}

/** Wooded hill: a dome-shaped profile traced with small canopy bumps. */
function woods(S, x0, x1, top, base) {
  let s = d`M${x0} ${base}`, x = x0;
  while (x < x1) {
    const nx = Math.min(x1, x + S.r(18, 34)), y = base - (base - top) * Math.sin((Math.PI * (nx - x0)) / (x1 - x0)) ** 1.4;
    s += d`A${(nx - x) * 1.1} ${(nx - x) * 1.1} 0 0 1 ${nx} ${y}`;
    x = nx;
  }
  return s + 'Z';
}

/** Conifer forest silhouette: overlapping pointed crowns along a (possibly sloping) ground line. */
function treeline(S, x0, x1, yAt, hMin, hMax, step = 16, yb = H) {
  const y = typeof yAt === 'function' ? yAt : () => yAt;
  const pts = [[x0, yb], [x0, y(x0)]];
  for (let x = x0; x <= x1; x += step * S.r(0.6, 1.2)) {
    const h = S.r(hMin, hMax) * Math.min(1, 0.3 + Math.min(x - x0, x1 - x) / 80), g = y(x);
    pts.push([x - step * 0.5, g - h * 0.25], [x, g - h]);
  }
  pts.push([x1, y(x1)], [x1, yb]);
  return poly(pts);
}

const PINE = [[0, -1], [-0.17, -0.7], [-0.08, -0.7], [-0.28, -0.4], [-0.15, -0.4], [-0.4, -0.08], [-0.04, -0.08], [-0.04, 0], [0.04, 0], [0.04, -0.08], [0.4, -0.08], [0.15, -0.4], [0.28, -0.4], [0.08, -0.7], [0.17, -0.7]];
/** Single detailed three-tier pine for foregrounds. */
const pine = (x, y, h) => poly(PINE.map(([a, b]) => [x + a * h, y + b * h]));

/** Narrow Mediterranean cypress (flame shape). */
const cypress = (x, y, h, w) => d`M${x} ${y - h}Q${x + w} ${y - h * 0.45} ${x + w * 0.35} ${y}H${x - w * 0.35}Q${x - w} ${y - h * 0.45} ${x} ${y - h}Z`;

/** Defines the reusable palm silhouette (300 units tall; trunk + nine drooping fronds). */
function palmDef(S) {
  const cx = 30, cy = -300;
  let f = '';
  for (const [a, L, dr] of [[196, 150, 75], [165, 150, 35], [132, 115, 8], [100, 100, -4], [68, 115, 6], [32, 150, 32], [2, 150, 70], [222, 105, 85], [-25, 105, 85]]) {
    const ra = (a * Math.PI) / 180, ux = Math.cos(ra), uy = -Math.sin(ra);
    const tx = cx + ux * L, ty = cy + uy * L + dr;
    const mx = cx + ux * L * 0.5, my = cy + uy * L * 0.5 - L * 0.22 * Math.abs(ux);
    const nx = -uy * 13, ny = ux * 13;
    f += d`M${cx} ${cy}Q${mx + nx} ${my + ny} ${tx} ${ty}Q${mx - nx} ${my - ny} ${cx} ${cy}Z`;
  }
  S.once('palm', `<g id="p"><path d="M-9 0C-4-120 10-220 ${cx - 6} ${cy + 2}L${cx + 6} ${cy + 4}C20-220 8-120 9 0Z"/><path d="${f}"/></g>`);
}

/** Places palms: list of [x, y, scale, flip(-1|1), lean]. */
function palms(S, list, fill) {
  palmDef(S);
  S.add(`<g fill="${fill}">` + list.map(([x, y, s, f = 1, k = 0]) =>
    `<use href="#p" transform="matrix(${(s * f).toFixed(2)} 0 ${(k * s).toFixed(2)} ${s.toFixed(2)} ${fmt(x)} ${fmt(y)})"/>`).join('') + '</g>');
}

// ---------------------------------------------------------------------------------------------
// Architecture
// ---------------------------------------------------------------------------------------------

/** Vertical outline from stacked sections [halfWidthBottom, halfWidthTop, height] (left and right may differ). */
function stack2(x, b, secsL, secsR) {
  const side = (secs, sgn) => {
    const pts = [];
    let y = b;
    for (const [hb, ht, hh] of secs) { pts.push([x + sgn * hb, y]); y -= hh; pts.push([x + sgn * ht, y]); }
    return pts;
  };
  return poly([...side(secsL, -1), ...side(secsR, 1).reverse()]);
}
/** Symmetric tower/obelisk/minaret outline from stacked sections. */
const stack = (x, b, secs) => stack2(x, b, secs, secs);

/** Procedural block skyline: one closed path of towers between x0 and x1, tallest near `peak`. */
function skyline(S, { x0, x1, base, hMin, hMax, wMin = 24, wMax = 60, peak = (x0 + x1) / 2, spread = (x1 - x0) / 3, kinds = 'ffssaptg' }) {
  let x = x0, s = d`M${x0} ${base}`;
  while (x < x1 - 4) {
    const w = Math.min(S.r(wMin, wMax), x1 - x), c = x + w / 2;
    const env = Math.exp(-(((c - peak) / spread) ** 2));
    let t = base - (hMin + (hMax - hMin) * env * S.r(0.35, 1));
    const k = kinds[Math.floor(S.r() * kinds.length)];
    if (k === 'g') t = base - hMin * S.r(0.3, 0.7);
    if (k === 's') s += d`V${t}H${x + w * 0.18}V${t - S.r(12, 36)}H${x + w * 0.82}V${t}H${x + w}`;
    else if (k === 'a') s += d`V${t}H${c - 1}V${t - S.r(20, 50)}H${c + 1}V${t}H${x + w}`;
    else if (k === 'p') s += d`V${t}L${c} ${t - w * 0.45}L${x + w} ${t}`;
    else if (k === 't') s += d`V${t}L${x + w} ${t - w * 0.4}`;
    else s += d`V${t}H${x + w}`;
    x += w;
  }
  return s + d`V${base}Z`;
}

/** Pointed (Ottoman/Mughal) dome centred at cx on baseline b. */
const dome = (cx, b, rw, h) => d`M${cx - rw} ${b}C${cx - rw} ${b - h * 0.75} ${cx - rw * 0.25} ${b - h * 0.88} ${cx} ${b - h}C${cx + rw * 0.25} ${b - h * 0.88} ${cx + rw} ${b - h * 0.75} ${cx + rw} ${b}Z`;
/** Shallow Byzantine dome (half ellipse). */
const sdome = (cx, b, rw, h) => d`M${cx - rw} ${b}A${rw} ${h} 0 0 1 ${cx + rw} ${b}Z`;
/** Bulbous onion dome. */
const onion = (cx, b, rw, h) => d`M${cx - rw * 0.8} ${b}C${cx - rw * 1.25} ${b - h * 0.55} ${cx - rw * 0.2} ${b - h * 0.72} ${cx} ${b - h}C${cx + rw * 0.2} ${b - h * 0.72} ${cx + rw * 1.25} ${b - h * 0.55} ${cx + rw * 0.8} ${b}Z`;
/** Thin finial rod with a ball. */
const finial = (x, top, h, r = 3) => d`M${x - 1} ${top}h2v-${h}h-2zM${x - r} ${top - h}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 -${2 * r} 0`;
/** Slender minaret with two balconies and a conical cap. */
const minaret = (x, b, h, w) => stack(x, b, [[w, w * 0.85, h * 0.5], [w * 1.45, w * 1.45, h * 0.025], [w * 0.8, w * 0.75, h * 0.2], [w * 1.35, w * 1.35, h * 0.025], [w * 0.72, w * 0.7, h * 0.08], [w * 0.8, 1, h * 0.17]]);
/** Rectangle path. */
const rect = (x, y, w, h) => d`M${x} ${y}h${w}v${h}h-${w}z`;
/** Round-topped arch opening (for evenodd cut-outs). */
const arch = (x, b, w, h) => d`M${x} ${b}V${b - h + w / 2}A${w / 2} ${w / 2} 0 0 1 ${x + w} ${b - h + w / 2}V${b}Z`;
/** Circle as path data. */
const circ = (x, y, r) => d`M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 -${2 * r} 0`;

/** Two-tone glass tower (lit face + shaded face) with an optional slanted crown. */
function prism(S, x, b, w, h, lit, dark, slant = 0) {
  const m = x + w * 0.55;
  S.add(path(d`M${x} ${b}V${b - h}L${m} ${b - h - slant * 0.6}V${b}Z`, lit), path(d`M${m} ${b}V${b - h - slant * 0.6}L${x + w} ${b - h + slant * 0.4}V${b}Z`, dark));
}

/** Landmark silhouette with its right-hand part shaded through a clip, for a sense of volume. */
function solid(S, dd, fill, xSplit, o = 0.2, evenodd = false) {
  const id = S.uid('v'), rule = evenodd ? ' fill-rule="evenodd" clip-rule="evenodd"' : '';
  S.def(`<path id="${id}" d="${dd}"${rule}/><clipPath id="c${id}"><use href="#${id}"/></clipPath>`);
  S.add(`<use href="#${id}" fill="${fill}"/>`, d`<rect x="${xSplit}" width="${W - xSplit}" height="${H}" fill="${S.p.ink}" clip-path="url(#c${id})"${op(o)}/>`);
  return id;
}

/** Simple hull (+ optional triangular sail) for small boats. */
function boat(x, y, s, sail = 1) {
  let p = d`M${x - 30 * s} ${y - 8 * s}H${x + 34 * s}L${x + 24 * s} ${y}H${x - 22 * s}Z`;
  if (sail) p += d`M${x + 2 * s} ${y - 10 * s}V${y - 70 * s * sail}L${x + 30 * s} ${y - 12 * s}ZM${x - 2 * s} ${y - 10 * s}V${y - 58 * s * sail}L${x - 24 * s} ${y - 12 * s}Z`;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Compositions (one per destination)
// ---------------------------------------------------------------------------------------------

const SCENES = {};

/** Registers a composition with its title and palette. */
function scene(id, title, p, draw) { SCENES[id] = { title, p, draw }; }

/** Renders one registered scene to an SVG string. */
export function render(id) {
  const { title, p, draw } = SCENES[id];
  const S = new Scene(id, title, p);
  draw(S);
  return S.svg();
}

/** Jukung: Balinese outrigger canoe with a triangular sail. */
function jukung(S, x, y, s, hull, sail) {
  S.add(path(d`M${x - 80 * s} ${y - 20 * s}Q${x} ${y + 8 * s} ${x + 80 * s} ${y - 20 * s}Q${x} ${y - 4 * s} ${x - 80 * s} ${y - 20 * s}Z`, hull),
    `<path d="${d`M${x - 75 * s} ${y + 4 * s}H${x + 75 * s}M${x - 30 * s} ${y - 8 * s}Q${x - 45 * s} ${y - 22 * s} ${x - 50 * s} ${y + 4 * s}M${x + 30 * s} ${y - 8 * s}Q${x + 45 * s} ${y - 22 * s} ${x + 50 * s} ${y + 4 * s}M${x + 4 * s} ${y - 6 * s}V${y - 120 * s}`}" fill="none" stroke="${hull}" stroke-width="${fmt(Math.max(2, 3 * s))}"/>`,
    path(d`M${x + 6 * s} ${y - 116 * s}Q${x + 40 * s} ${y - 80 * s} ${x + 62 * s} ${y - 28 * s}L${x - 52 * s} ${y - 22 * s}Z`, sail));
}

/** Chinese fishing net (cheena vala): jetty, A-frame pivot, cantilever boom, spars, net and hanging stones. */
function fishingNet(x, y, s) {
  const P = (a, b) => `${fmt(x + a * s)} ${fmt(y + b * s)}`;
  const boom = (a) => -80 - (a + 10) * 0.7; // boom height at offset a
  let frame = `M${P(-30, 0)}L${P(-10, -80)}L${P(10, 0)}M${P(-110, boom(-110))}L${P(200, boom(200))}M${P(200, boom(200))}L${P(110, -30)}M${P(200, boom(200))}L${P(330, -50)}M${P(200, boom(200))}L${P(215, -18)}M${P(200, boom(200))}L${P(-20, -4)}`;
  let stones = rect(x - 130 * s, y - 6 * s, 170 * s, 8 * s);
  for (const a of [-100, -80, -60]) { frame += `M${P(a, boom(a))}L${P(a, -24)}`; stones += rect(x + (a - 7) * s, y - 26 * s, 14 * s, 12 * s); }
  return {
    frame,
    net: `M${P(110, -30)}Q${P(220, 60)} ${P(330, -50)}Q${P(230, -14)} ${P(110, -30)}Z`,
    mesh: `M${P(140, -16)}L${P(170, 14)}M${P(190, -14)}L${P(210, 18)}M${P(245, -16)}L${P(255, 16)}M${P(290, -28)}L${P(292, 4)}M${P(122, -24)}Q${P(225, 28)} ${P(322, -44)}`,
    stones,
  };
}

/** Draws one fishing net as a group and mirrors it in the water at its own waterline. */
function net(S, x, y, s, col) {
  const id = S.uid('n'), n = fishingNet(x, y, s), w = fmt(Math.max(2, 4 * s));
  S.add(`<g id="${id}"><g stroke="${col}" fill="none"><path d="${n.frame}" stroke-width="${w}"/><path d="${n.mesh}" stroke-width="1"/></g>` +
    path(n.net, col, op(0.35)) + path(n.stones, col) + '</g>');
  reflect(S, [[id]], y + 4 * s, 0.2, 200 * s);
}

// --- Caribbean & Indian Ocean beaches --------------------------------------------------------

scene('baha-mar', 'Grand Hyatt Baha Mar, Bahamas: the resort\'s stepped towers above a turquoise sea, white beach and palms',
  { sky: ['#3f9bd4', '#8fd1ec', '#e9f7f3'], sun: '#fffdf0', haze: '#b4dde4', ink: '#0f4452', sea: ['#1b84ab', '#41d1cd'], sand: '#f4e7cf' },
  (S) => {
    const hz = 560;
    sky(S, hz); sun(S, 1260, 170, 42, { glow: 5 });
    clouds(S, [[150, 200, 300], [640, 130, 180], [930, 260, 340], [1380, 330, 160]], '#fff', 0.6);
    sea(S, hz);
    S.add(path(hill([[1120, hz], [1260, hz - 9], [1420, hz - 6], [1600, hz - 12]], hz + 1), S.t(0.15)));
    // the resort: three tall stepped towers with setback terraces and balcony bands, the middle one highest
    const tw = [[250, 120, 250, '#f6dcd2'], [430, 150, 330, '#fbf1e6'], [620, 120, 270, '#f3e0cc']];
    let lines = '';
    for (const [x, w, h, c] of tw) {
      const tiers = [[w / 2, w / 2, h * 0.72], [w * 0.42, w * 0.42, h * 0.12], [w * 0.32, w * 0.32, h * 0.1], [w * 0.2, w * 0.2, h * 0.06]];
      solid(S, stack(x, hz + 20, tiers), mix(c, S.p.haze, 0.15), x + w * 0.18, 0.14);
      for (let y = hz - h * 0.72 + 16; y < hz + 10; y += 12) lines += d`M${x - w / 2 + 8} ${y}h${w - 16}`;
    }
    // low wings joining the towers
    S.add(path(rect(150, hz - 60, 600, 80), mix('#f7e6da', S.p.haze, 0.2)));
    for (let y = hz - 50; y < hz + 10; y += 12) lines += d`M160 ${y}h580`;
    S.add(`<path d="${lines}" stroke="${S.t(0.35)}" stroke-width="2"${op(0.35)}/>`);
    S.add(path(canopy(S, 100, 820, hz + 8, 10, 22, hz + 30, 6), S.t(0.45)));
    S.add(path(d`${curve([[0, hz + 4], [300, hz - 4], [650, hz + 2], [960, hz + 16]])}Q700 ${hz + 44} 0 ${hz + 52}Z`, S.t(0.38)));
    ripples(S, hz + 10, 800, 40, '#fff', 0.35);
    glitter(S, 1260, hz + 4, 720, 50, '#fff', 0.45);
    S.add(path(hill([[0, 760], [400, 790], [900, 830], [1300, 850], [1600, 840]]), '#7fe3da', op(0.55)));
    S.add(path(hill([[0, 800], [400, 832], [900, 870], [1300, 890], [1600, 880]]), S.p.sand));
    S.add(`<path d="${curve([[0, 798], [400, 830], [900, 868], [1300, 888], [1600, 878]])}" stroke="#fff" stroke-width="5" fill="none"${op(0.85)}/>`);
    // parasols
    for (const [x, y] of [[520, 900], [700, 925]]) S.add(path(d`M${x - 50} ${y - 70}A50 18 0 0 1 ${x + 50} ${y - 70}Z${rect(x - 2, y - 72, 4, 72)}`, '#fff'), path(d`M${x - 40} ${y + 4}h80v6h-80z`, S.p.ink, op(0.12)));
    palms(S, [[1390, 1010, 1.5, -1, 0.18], [1510, 1000, 1.15, -1, -0.12], [1250, 960, 0.85, -1, 0.28], [80, 960, 1.0, 1, 0.08]], S.p.ink);
  });

scene('goa', 'Grand Hyatt Goa, India: palm beach and a white Portuguese-era church at golden hour',
  { sky: ['#ee9a5c', '#f6c886', '#fbe7c3'], sun: '#fff3d4', haze: '#e4ad86', ink: '#2a211f', sea: ['#e2ab7c', '#7e5f5e'], sand: '#e9c79c' },
  (S) => {
    const hz = 640, wh = '#fbf0de';
    sky(S, hz); sun(S, 1240, 470, 50, { glow: 5 });
    clouds(S, [[820, 300, 360], [1250, 220, 260]], '#fff4de', 0.35);
    sea(S, hz); glitter(S, 1240, hz, 880, 90);
    S.add(path(hill([[1350, hz], [1470, hz - 22], [1600, hz - 30]], hz + 1), S.t(0.2)));
    S.add(path(hill([[0, 560], [220, 545], [480, 556], [720, 600], [900, 680], [1060, 800], [1120, 900]]), S.t(0.42)));
    palms(S, [[140, 560, 0.4, 1, 0.1], [640, 590, 0.45, -1, 0.1], [700, 610, 0.35, 1, -0.1], [80, 565, 0.32, -1, 0]], S.t(0.5));
    // church: towers, pedimented body, domed lanterns and crosses
    const c = 420, b = 560;
    const body = [rect(c - 80, b - 150, 160, 150), rect(c - 86, b - 158, 172, 10), d`M${c - 60} ${b - 158}C${c - 40} ${b - 160} ${c - 44} ${b - 180} ${c - 30} ${b - 182}L${c} ${b - 206}L${c + 30} ${b - 182}C${c + 44} ${b - 180} ${c + 40} ${b - 160} ${c + 60} ${b - 158}Z`,
      rect(c - 140, b - 190, 60, 190), rect(c + 80, b - 190, 60, 190), rect(c - 146, b - 196, 72, 8), rect(c + 74, b - 196, 72, 8),
      sdome(c - 110, b - 196, 24, 34), sdome(c + 110, b - 196, 24, 34),
      finial(c - 110, b - 228, 20, 0), finial(c + 110, b - 228, 20, 0), finial(c, b - 206, 30, 0),
      rect(c - 122, b - 240, 24, 3), rect(c + 98, b - 240, 24, 3), rect(c - 12, b - 226, 24, 4), rect(c - 200, b - 8, 400, 30)];
    solid(S, body.join(''), wh, c + 80, 0.12);
    const holes = [arch(c - 22, b, 44, 80), arch(c - 122, b - 112, 24, 44), arch(c + 98, b - 112, 24, 44), circ(c, b - 120, 14), arch(c - 120, b - 20, 20, 50), arch(c + 100, b - 20, 20, 50)];
    S.add(path(holes.join(''), S.t(0.75)));
    let steps = '';
    for (let i = 0; i < 6; i++) steps += rect(c - 200 - i * 22, b + 22 + i * 12, 400 + i * 44, 6);
    S.add(path(steps, mix(wh, S.p.haze, 0.3)));
    S.add(path(hill([[0, 820], [500, 800], [1000, 832], [1600, 872]]), S.p.sand));
    S.add(`<path d="${curve([[0, 818], [500, 798], [1000, 830], [1600, 870]])}" stroke="#fff6e6" stroke-width="4" fill="none"${op(0.8)}/>`);
    S.add(path(d`M640 880Q740 900 860 872L880 856Q760 878 620 864Z`, S.t(0.85)), `<path d="M660 896L700 874M820 890L790 868M640 898H880" stroke="${S.t(0.85)}" stroke-width="3"/>`);
    palms(S, [[70, 1010, 1.65, 1, 0.12], [1040, 1010, 1.0, -1, 0.22], [1500, 1010, 1.45, -1, 0.15]], S.p.ink);
  });

scene('nusa-dua', 'Grand Hyatt Bali, Nusa Dua: a roofed Balinese temple gate on a headland above a beach with jukung boats',
  { sky: ['#78b3d6', '#f0d1ad', '#fbe9d0'], sun: '#fff6e4', haze: '#bcd3d2', ink: '#17404a', sea: ['#2f9fb6', '#58d2c6'], sand: '#f2dfbf' },
  (S) => {
    const hz = 580;
    sky(S, hz); sun(S, 1240, 330, 40, { glow: 5 });
    clouds(S, [[120, 240, 280], [560, 160, 200], [980, 210, 260]], '#fff', 0.5);
    sea(S, hz);
    // limestone headland with a kori agung: a roofed, tiered temple gate of red brick and carved stone
    S.add(path(d`${curve([[0, hz - 90], [160, hz - 120], [360, hz - 110], [500, hz - 40], [560, hz + 30]])}H0Z`, S.t(0.4)));
    const gx = 260, gb = hz - 112, brick = mix('#b0573a', S.p.haze, 0.25), stone = mix('#e9dcc4', S.p.haze, 0.2);
    let gate = stack(gx, gb, [[120, 110, 26], [96, 90, 70], [104, 104, 12], [84, 72, 60], [76, 76, 10], [64, 52, 48], [56, 56, 8], [44, 32, 40], [34, 34, 8], [24, 10, 36], [4, 2, 20]]);
    for (const sg of [-1, 1]) gate += stack(gx + sg * 175, gb, [[40, 34, 40], [44, 44, 10], [30, 22, 60], [26, 26, 8], [16, 4, 40]]) + rect(gx + sg * 118 - (sg < 0 ? 60 : 0), gb - 60, 60, 60);
    solid(S, gate, brick, gx + 10, 0.2);
    S.add(path(rect(gx - 120, gb - 26, 240, 10) + rect(gx - 104, gb - 108, 208, 12) + rect(gx - 76, gb - 178, 152, 10) + rect(gx - 56, gb - 234, 112, 8) + rect(gx - 34, gb - 282, 68, 8) + rect(gx - 215, gb - 50, 80, 10) + rect(gx + 135, gb - 50, 80, 10), stone),
      path(arch(gx - 26, gb - 26, 52, 78), S.p.ink, op(0.8)));
    palms(S, [[470, hz - 50, 0.55, -1, 0.1], [40, hz - 80, 0.5, 1, 0]], S.t(0.6));
    ripples(S, hz + 6, 860, 40, '#fff', 0.35);
    glitter(S, 1240, hz + 4, 760, 60, '#fff', 0.5);
    jukung(S, 1180, 650, 0.55, S.t(0.55), '#f2c54b');
    jukung(S, 600, 700, 0.95, S.t(0.75), '#e0523f');
    jukung(S, 1000, 760, 1.15, S.t(0.85), '#fdf4e4');
    S.add(path(hill([[0, 840], [500, 815], [1000, 850], [1600, 880]]), '#86e6d8', op(0.5)));
    S.add(path(hill([[0, 880], [500, 856], [1000, 890], [1600, 920]]), S.p.sand));
    S.add(`<path d="${curve([[0, 878], [500, 854], [1000, 888], [1600, 918]])}" stroke="#fff" stroke-width="4" fill="none"${op(0.85)}/>`);
    palms(S, [[1480, 1010, 1.45, -1, 0.2], [1370, 1000, 0.95, -1, -0.1], [90, 1000, 1.1, 1, 0.22]], S.p.ink);
  });

scene('bali', 'Grand Hyatt Bali: rice terraces, a split temple gate and the ocean at dawn',
  { sky: ['#8696c2', '#e8b4a6', '#fcdfba'], sun: '#fff0d2', haze: '#d9b3a5', ink: '#26222f', sea: ['#e3bca8', '#b5968f'], green: '#6d9446' },
  (S) => {
    const hz = 520, gr = S.p.green;
    sky(S, hz); sun(S, 1000, 400, 50, { glow: 4.5 });
    range(S, [[40, hz], [250, 370], [330, 312], [360, 305], [400, 314], [520, 400], [740, hz]], S.t(0.14), { rough: 0.06, depth: 2, shade: 0.08, base: hz + 1 });
    sea(S, hz); glitter(S, 1000, hz, 590, 46);
    S.add(path(hill([[0, 594], [300, 580], [700, 592], [1100, 578], [1600, 596]]), S.t(0.38)));
    palms(S, [[60, 596, 0.35, 1, 0.1], [230, 590, 0.42, -1, 0], [1200, 584, 0.38, 1, 0], [1380, 590, 0.45, -1, 0.1]], S.t(0.38));
    // candi bentar: two mirrored stepped halves with a vertical split
    const b = 710, prof = [[120, 120, 50], [106, 106, 70], [132, 132, 12], [96, 96, 50], [112, 112, 10], [76, 76, 44], [90, 90, 9], [56, 56, 36], [66, 66, 8], [38, 34, 30], [22, 10, 28], [6, 2, 24]];
    const tot = prof.reduce((a, p) => a + p[2], 0);
    solid(S, stack2(588, b, prof, [[0, 0, tot]]) + stack2(652, b, [[0, 0, tot]], prof), S.t(0.82), 620, 0.18);
    palms(S, [[380, 700, 0.7, 1, 0.1], [880, 700, 0.75, -1, 0.1]], S.t(0.7));
    // terraces: back to front, each band a contour with a glinting water edge
    for (let i = 0; i < 8; i++) {
      const y = 660 + i * 48 + i * i * 2, pts = [];
      for (let x = -100; x <= 1700; x += 360) pts.push([x, y + S.r(-20, 20) + Math.sin(x / 260 + i) * 14]);
      const f = mix(mix(gr, S.p.haze, 0.5 - i * 0.06), S.p.ink, i * 0.06);
      S.add(path(hill(pts), mix(f, S.p.ink, 0.3)), path(hill(pts.map(([x, y]) => [x, y + 6 + i * 1.5])), f),
        `<path d="${curve(pts)}" stroke="${S.p.sky[2]}" stroke-width="${fmt(2 + i * 0.4)}" fill="none"${op(0.55)}/>`);
    }
    palms(S, [[1500, 1010, 1.4, -1, 0.16], [80, 1000, 1.0, 1, 0.1]], S.p.ink);
  });

scene('kauai', 'Grand Hyatt Kauai, Hawaii: fluted sea cliffs and green mountains above the Pacific',
  { sky: ['#7db0d8', '#b9d8e6', '#f3eedb'], sun: '#fffaf0', haze: '#b4d0cc', ink: '#12392f', sea: ['#4f8fb0', '#1b4f6b'] },
  (S) => {
    const hz = 620;
    sky(S, hz); sun(S, 330, 250, 36, { glow: 5, strength: 0.5 });
    clouds(S, [[60, 310, 280], [460, 200, 200], [900, 150, 260], [1300, 110, 220]], '#fff', 0.55);
    sea(S, hz);
    const heads = [
      [[300, hz], [340, hz - 40], [400, hz - 120], [480, hz - 170], [560, hz - 150], [640, hz - 230], [760, hz - 210], [900, hz - 280], [1600, hz - 300]],
      [[520, hz], [560, hz - 60], [620, hz - 170], [700, hz - 230], [780, hz - 200], [880, hz - 320], [1000, hz - 290], [1140, hz - 380], [1600, hz - 420]],
      [[780, hz], [820, hz - 80], [880, hz - 230], [960, hz - 300], [1060, hz - 270], [1180, hz - 430], [1300, hz - 390], [1450, hz - 520], [1600, hz - 540]],
      [[1020, H], [1060, hz + 60], [1100, hz - 120], [1170, hz - 270], [1250, hz - 340], [1330, hz - 300], [1430, hz - 480], [1530, hz - 450], [1600, hz - 560]],
    ];
    heads.forEach((c, i) => {
      const id = range(S, c, S.t(0.16 + i * 0.2), { rough: 0.22, shade: 0.1 + i * 0.04, base: i === 3 ? H : hz + 1 });
      if (i >= 2) { // vertical fluting of the Na Pali cliffs
        let f = '';
        for (let x = c[0][0] + 20; x < W; x += S.r(18, 40)) f += d`M${x} ${hz - 600}h5l${S.r(-6, 6)} 700h-3z`;
        S.add(`<g clip-path="url(#c${id})">${path(f, S.p.ink, op(0.16))}</g>`);
      }
      if (i < 3) mist(S, hz - 90, 110, 0.45);
    });
    S.add(path(rect(1000, hz - 240, 3, 170), '#fff', op(0.7)));
    ripples(S, hz + 8, H, 30, '#dff0f2', 0.3, 0, 1100);
    S.add(`<path d="M300 ${hz + 2}h40M520 ${hz + 3}h50M780 ${hz + 4}h60M1030 ${hz + 62}l40 -6" stroke="#fff" stroke-width="4"${op(0.7)}/>`);
  });

scene('home-hero', 'Dusk from a grand hotel terrace: an infinity pool and balustrade above a calm bay, a lit arcaded facade and palms',
  { sky: ['#1f3358', '#a77489', '#f4c08e'], sun: '#ffe9c7', haze: '#b990a0', ink: '#131a2c', sea: ['#b58596', '#1d2a48'], lights: '#ffd99a' },
  (S) => {
    // Composed for the panel: sky, sea and terrace on the left stay calm for the text; the lit arcaded facade and
    // the palms stand on the right (the focal point in site.yaml), the low sun between them.
    const hz = 620, pool = 790, rail = 872;
    sky(S, hz); sun(S, 1010, 578, 48, { glow: 5, strength: 0.5 });
    clouds(S, [[140, 240, 420], [700, 330, 300]], '#f8d9c2', 0.25);
    range(S, [[0, 582], [180, 560], [380, 574], [560, 604], [720, hz]], S.t(0.2), { rough: 0.1, shade: 0.06, base: hz + 1 });
    S.add(path(hill([[560, hz], [660, hz - 14], [760, hz - 10], [820, hz]], hz + 1), S.t(0.3)));
    sea(S, hz);
    glitter(S, 1010, hz, pool, 90);
    ripples(S, hz + 6, pool, 24, S.p.sky[2], 0.25, 0, 1100);
    // the hotel: a pale facade with three storeys of lit arches, a cornice and a roof terrace
    const fx = 1130, top = 330, stone = mix('#efe0cc', S.p.haze, 0.35);
    let win = '';
    for (let r = 0; r < 3; r++) for (let c = 0; c < 6; c++) win += arch(fx + 46 + c * 76, top + 150 + r * 120, 40, 86);
    const fac = layer(S, [rect(fx, top + 40, 520, pool - top - 40) + rect(fx - 20, top + 24, 560, 20) + rect(fx + 40, top - 40, 440, 64) + rect(fx + 20, top - 52, 480, 14)], stone);
    S.add(path(rect(fx, top + 40, 520, pool - top - 40), S.p.ink, op(0.08)), path(win, S.p.lights), path(win, S.p.sun, op(0.4)));
    for (let c = 0; c < 6; c++) halo(S, fx + 66 + c * 76, pool - 40, 60, S.p.lights, 0.25);
    // infinity pool: a still strip of sky colour whose far edge meets the sea
    S.once('pool', `<linearGradient id="o" x2="0" y2="1"><stop stop-color="${mix(S.p.sky[2], S.p.sky[1], 0.4)}"/><stop offset="1" stop-color="${mix(S.p.sky[1], S.p.sky[0], 0.5)}"/></linearGradient>`);
    S.add(`<rect y="${pool}" width="${W}" height="${rail - pool}" fill="url(#o)"/>`, path(rect(0, pool - 3, W, 5), stone));
    reflect(S, [[fac, stone]], pool, 0.3, rail - pool);
    glitter(S, 1010, pool + 4, rail - 6, 60, S.p.sun, 0.5);
    // balustrade along the terrace: rail, balusters (one pattern tile) and a plinth
    S.def(`<pattern id="u" width="32" height="70" patternUnits="userSpaceOnUse"><path d="M10 0h12l-3 14c6 6 6 26 0 34l3 22H10l3-22c-6-8-6-28 0-34z" fill="${S.p.ink}"/></pattern>`);
    S.add(`<rect y="${rail + 14}" width="${W}" height="70" fill="url(#u)"/>`, path(rect(0, rail, W, 16) + rect(0, rail + 84, W, H - rail - 84), S.p.ink));
    for (const x of [320, 1000]) { S.add(path(rect(x - 16, rail - 40, 32, 56) + rect(x - 22, rail - 46, 44, 8), S.p.ink)); halo(S, x, rail - 62, 40, S.p.lights, 0.7); S.add(path(circ(x, rail - 62, 9), S.p.lights)); }
    palms(S, [[1590, 1000, 1.5, -1, 0.1], [1120, 1000, 1.05, 1, -0.15]], S.p.ink);
  });

// --- Skylines on the water -------------------------------------------------------------------

/** Burj Khalifa: asymmetric set-backs rising to a long spire. */
const burj = (x, b, h, w) => stack2(x, b,
  [[w, w, h * 0.22], [w * 0.8, w * 0.8, h * 0.14], [w * 0.62, w * 0.62, h * 0.12], [w * 0.46, w * 0.46, h * 0.1], [w * 0.33, w * 0.33, h * 0.09], [w * 0.22, w * 0.2, h * 0.08], [w * 0.12, w * 0.03, h * 0.25]],
  [[w * 0.9, w * 0.9, h * 0.17], [w * 0.72, w * 0.72, h * 0.13], [w * 0.55, w * 0.55, h * 0.13], [w * 0.4, w * 0.4, h * 0.12], [w * 0.28, w * 0.28, h * 0.1], [w * 0.18, w * 0.16, h * 0.1], [w * 0.12, w * 0.03, h * 0.25]]);

/** Abra: the creek's low wooden water taxi, open-sided under a flat canopy on thin posts. */
const abra = (x, y, s) => d`M${x - 120 * s} ${y - 26 * s}Q${x - 104 * s} ${y} ${x - 70 * s} ${y}H${x + 80 * s}Q${x + 112 * s} ${y} ${x + 126 * s} ${y - 26 * s}Z` +
  d`M${x - 96 * s} ${y - 78 * s}H${x + 100 * s}L${x + 92 * s} ${y - 66 * s}H${x - 88 * s}Z` +
  [-84, -30, 24, 78].map((o) => d`M${x + o * s} ${y - 66 * s}h${4 * s}v${40 * s}h-${4 * s}z`).join('');

scene('dubai', 'Grand Hyatt Dubai: desert-city skyline and Burj Khalifa above Dubai Creek',
  { sky: ['#d98f63', '#f0bb85', '#f9dfb8'], sun: '#fff1d6', haze: '#e4b38c', ink: '#3a2430', sea: ['#dfae89', '#6a4c58'] },
  (S) => {
    const hz = 660;
    sky(S, hz); sun(S, 1160, 430, 56, { glow: 5 });
    S.add(path(hill([[0, 612], [180, 590], [420, 618], [640, 640], [820, hz]], hz + 1), S.t(0.12)));
    S.add(path(hill([[1250, hz], [1400, 630], [1600, 622]], hz + 1), S.t(0.12)));
    const far = layer(S, [skyline(S, { x0: 240, x1: 1480, base: hz, hMin: 20, hMax: 150, peak: 900, spread: 420 })], S.t(0.26));
    mist(S, 520, 160, 0.55);
    const mid = layer(S, [skyline(S, { x0: 440, x1: 1340, base: hz, hMin: 30, hMax: 230, peak: 760, spread: 260 }), burj(760, hz, 540, 44)], S.t(0.5));
    sea(S, hz);
    reflect(S, [[far, S.t(0.26)], [mid, S.t(0.5)]], hz, 0.4);
    glitter(S, 1160, hz, 900, 80);
    ripples(S, hz + 8, H, 36, S.p.sky[2], 0.3);
    S.add(path(abra(470, 850, 1.4), S.p.ink));
    S.add(path(d`M1240 ${H}V950H1600V${H}Z`, S.p.ink));
    palms(S, [[1450, 955, 1.25, -1, 0.12], [1560, 955, 0.95, -1, -0.1], [1320, 955, 0.7, -1, 0.1]], S.p.ink);
  });

/** Marina Bay Sands: three towers carrying the boat-shaped sky park. */
function marinaBaySands(x, b, h) {
  let s = '';
  for (const o of [0, 100, 200]) s += stack(x + o, b, [[38, 30, h]]);
  const t = b - h - 4;
  return s + d`M${x - 50} ${t}H${x + 290}Q${x + 276} ${t + 20} ${x + 246} ${t + 20}H${x - 24}Q${x - 46} ${t + 18} ${x - 50} ${t}Z`;
}

scene('singapore', 'Grand Hyatt Singapore: tropical skyline and Marina Bay at dusk',
  { sky: ['#1b2150', '#5b4c85', '#e49a86'], sun: '#fbe9cc', haze: '#9c7896', ink: '#141530', sea: ['#5a4a78', '#151633'], lights: '#ffd58f' },
  (S) => {
    const hz = 650;
    sky(S, hz); stars(S, 30, 300); crescent(S, 1340, 150, 22, S.p.sun);
    const far = layer(S, [skyline(S, { x0: 0, x1: 780, base: hz, hMin: 40, hMax: 330, peak: 420, spread: 240, wMin: 24, wMax: 56 })], S.t(0.32), { lights: 0.35 });
    mist(S, 560, 120, 0.4);
    const mbs = layer(S, [marinaBaySands(950, hz, 270)], S.t(0.58), { lights: 0.6 });
    let lotus = '';
    for (let i = -2; i <= 2; i++) {
      const tx = 810 + i * 42, ty = hz - 120 + Math.abs(i) * 22, bx = 810 + i * 16;
      lotus += d`M${bx - 14} ${hz - 8}Q${tx - 26} ${ty + 50} ${tx} ${ty}Q${tx + 10} ${ty + 56} ${bx + 14} ${hz - 8}Z`;
    }
    const art = layer(S, [lotus], mix('#f3e6e2', S.p.haze, 0.35));
    let trees = '', rims = '';
    for (const [x, h] of [[1330, 190], [1400, 250], [1470, 170], [1530, 230], [1590, 150]]) {
      trees += d`M${x - 8} ${hz}L${x - 4} ${hz - h * 0.5}Q${x - 8} ${hz - h * 0.82} ${x - 40} ${hz - h}Q${x} ${hz - h - 8} ${x + 40} ${hz - h}Q${x + 8} ${hz - h * 0.82} ${x + 4} ${hz - h * 0.5}L${x + 8} ${hz}Z`;
      rims += d`M${x - 40} ${hz - h}Q${x} ${hz - h - 8} ${x + 40} ${hz - h}M${x} ${hz - h * 0.5}L${x - 26} ${hz - h}M${x} ${hz - h * 0.5}L${x + 26} ${hz - h}M${x} ${hz - h * 0.5}V${hz - h}`;
    }
    const sup = layer(S, [trees], S.t(0.85));
    S.add(`<path d="${rims}" stroke="#f08fd6" stroke-width="2" fill="none"${op(0.7)}/>`);
    sea(S, hz);
    reflect(S, [[far, S.t(0.32)], [mbs, S.t(0.58)], [art, mix('#f3e6e2', S.p.haze, 0.35)], [sup, S.t(0.85)]], hz, 0.45);
    ripples(S, hz + 6, H, 50, S.p.lights, 0.4);
    ripples(S, hz + 10, H, 14, '#f08fd6', 0.35, 1250, 1600);
  });

scene('tokyo', 'Grand Hyatt Tokyo: city lights at night with Mount Fuji in the distance',
  { sky: ['#0a1130', '#262d68', '#6e5b8c'], sun: '#f6efd9', haze: '#5b5589', ink: '#0a0b1e', sea: ['#2b2d5c', '#0a0c22'], lights: '#ffcf7e' },
  (S) => {
    const hz = 730;
    // Fuji beyond the towers on the right; the left half of the sky stays calm for the text panel.
    sky(S, hz); stars(S, 60, 420); sun(S, 360, 150, 26, { glow: 3, strength: 0.3 });
    range(S, [[620, hz], [840, 610], [990, 505], [1085, 412], [1120, 392], [1160, 392], [1195, 412], [1290, 505], [1440, 610], [1660, hz]], S.t(0.3),
      { rough: 0.04, depth: 2, snow: 470, snowColor: mix('#e6e8f6', S.p.haze, 0.25), shade: 0.18, base: hz });
    mist(S, 580, 200, 0.5);
    const far = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 30, hMax: 160, peak: 1150, spread: 450 })], S.t(0.45), { lights: 0.3 });
    const near = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 24, hMax: 220, peak: 760, spread: 260, wMin: 30, wMax: 70 })], S.t(0.7), { lights: 0.75 });
    const tw = '#ef7a3a', x = 900;
    const tower = layer(S, [[stack(x, hz, [[62, 36, 60], [36, 26, 90], [29, 29, 16], [24, 12, 130], [15, 15, 14], [10, 4, 70], [2, 1, 60]]) + arch(x - 26, hz, 52, 40), 'evenodd']], tw);
    halo(S, x, hz - 180, 240, tw, 0.3);
    S.add(`<path d="${d`M${x - 36} ${hz - 60}h72M${x - 28} ${hz - 150}h56M${x - 22} ${hz - 240}h44`}" stroke="#fff1d6" stroke-width="3"${op(0.8)}/>`);
    sea(S, hz);
    reflect(S, [[near, S.t(0.7)], [tower, tw]], hz, 0.5, 200);
    ripples(S, hz + 4, H, 50, S.p.lights, 0.4);
    ripples(S, hz + 4, H, 12, tw, 0.5, x - 80, x + 80);
  });

scene('hong-kong', 'Grand Hyatt Hong Kong: Victoria Harbour skyline at night below the Peak',
  { sky: ['#0d1a44', '#2c4585', '#8a6d9c'], sun: '#f3ecd8', haze: '#55609a', ink: '#080a1c', sea: ['#2c3c74', '#070920'], lights: '#ffd88e' },
  (S) => {
    const hz = 720;
    sky(S, hz); stars(S, 50, 300); sun(S, 300, 140, 24, { glow: 3, strength: 0.3 });
    range(S, [[0, 330], [160, 300], [330, 340], [540, 390], [780, 430], [1020, 450], [1260, 480], [1600, 520]], S.t(0.28), { rough: 0.2, shade: 0.12, base: hz });
    const far = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 80, hMax: 240, peak: 700, spread: 500, wMin: 22, wMax: 44 })], S.t(0.42), { lights: 0.35 });
    const b = hz, h = 440, x = 920;
    const boc = poly([[x - 42, b], [x - 42, b - h * 0.55], [x - 4, b - h * 0.7], [x - 4, b - h * 0.76], [x + 30, b - h * 0.9], [x + 42, b - h * 0.86], [x + 42, b]]) + rect(x + 18, b - h * 1.08, 3, h * 0.2) + rect(x + 32, b - h * 1.05, 3, h * 0.18);
    const ifc = stack(560, b, [[34, 34, 380], [30, 30, 30], [27, 23, 22], [22, 12, 34], [5, 3, 24]]);
    const main = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 60, hMax: 250, peak: 760, spread: 380, wMin: 26, wMax: 54 })], S.t(0.62), { lights: 0.55 });
    // the two landmark towers in pale glass, standing out from the lit mass
    const glass = mix('#b4c2e6', S.p.haze, 0.35), marks = layer(S, [ifc, boc], glass, { lights: 0.25 });
    let xs = '';
    for (let k = 0; k < 4; k++) { const y0 = b - h * (0.08 + 0.12 * k), y1 = y0 - h * 0.12; xs += d`M${x - 42} ${y0}L${x + 42} ${y1}M${x - 42} ${y1}L${x + 42} ${y0}`; }
    S.add(`<path d="${xs}" stroke="${S.p.ink}" stroke-width="3"${op(0.5)}/>`);
    sea(S, hz);
    reflect(S, [[far, S.t(0.42)], [main, S.t(0.62)], [marks, glass]], hz, 0.5, 220);
    ripples(S, hz + 4, H, 60, S.p.lights, 0.45);
    ripples(S, hz + 4, H, 20, '#ff8fb8', 0.3);
    ripples(S, hz + 4, H, 20, '#8fd0ff', 0.3);
    // a green-and-white Star Ferry crossing toward Kowloon, lit cabin windows
    const fx = 330, fy = 880, g = '#2e7d5b';
    S.add(path(d`M${fx - 200} ${fy - 46}Q${fx} ${fy - 40} ${fx + 200} ${fy - 46}Q${fx + 190} ${fy - 8} ${fx + 150} ${fy}H${fx - 150}Q${fx - 190} ${fy - 8} ${fx - 200} ${fy - 46}Z`, g),
      path(rect(fx - 150, fy - 84, 300, 40), '#eef0e8'), path(d`M${fx - 172} ${fy - 84}H${fx + 172}L${fx + 150} ${fy - 96}H${fx - 150}Z` + rect(fx - 2, fy - 130, 4, 36), g),
      path(rect(fx - 150, fy - 76, 300, 12) + rect(fx - 150, fy - 38, 300, 8), S.p.lights, op(0.9)),
      path(rect(fx - 190, fy - 46, 380, 4), '#eef0e8'));
    halo(S, fx, fy - 60, 220, S.p.lights, 0.18);
    glitter(S, fx, fy + 2, H, 90, S.p.lights, 0.6);
  });

scene('seattle', 'Grand Hyatt Seattle: skyline and Space Needle with Mount Rainier behind Elliott Bay',
  { sky: ['#2f3b6b', '#ae7a96', '#f2b999'], sun: '#fbeee6', haze: '#b68da0', ink: '#1a2135', sea: ['#8a6b8a', '#1d2340'], lights: '#ffd596' },
  (S) => {
    const hz = 700;
    sky(S, hz); sun(S, 300, 230, 26, { glow: 4, strength: 0.35 });
    range(S, [[620, hz], [900, 540], [1080, 420], [1180, 340], [1240, 306], [1310, 300], [1370, 318], [1470, 390], [1600, 470], [1720, 540]], S.t(0.12),
      { rough: 0.1, snow: 460, snowColor: '#f6e4e6', shade: 0.14, base: hz });
    range(S, [[0, 620], [300, 598], [600, 626], [900, 606], [1200, 628], [1600, 612]], S.t(0.3), { rough: 0.2, shade: 0.05, base: hz });
    const city = layer(S, [skyline(S, { x0: 640, x1: W, base: hz, hMin: 40, hMax: 250, peak: 1200, spread: 260 })], S.t(0.52), { lights: 0.5 });
    const x = 1000, y = hz - 400;
    const needle = stack(x, hz, [[68, 38, 120], [38, 16, 130], [16, 12, 80], [12, 22, 50], [22, 26, 20]]) + poly([[x - 26, y], [x - 80, y - 22], [x + 80, y - 22], [x + 26, y]]) +
      rect(x - 82, y - 32, 164, 10) + poly([[x - 70, y - 32], [x - 24, y - 54], [x + 24, y - 54], [x + 70, y - 32]]) + rect(x - 14, y - 64, 28, 10) + rect(x - 3, y - 150, 6, 90) +
      poly([[x - 50, hz], [x - 8, hz - 190], [x - 6, hz]]) + poly([[x + 50, hz], [x + 8, hz - 190], [x + 6, hz]]);
    const nd = layer(S, [[needle, 'evenodd']], S.t(0.78));
    S.add(path(rect(x - 82, y - 30, 164, 4), S.p.lights, op(0.8)));
    sea(S, hz);
    reflect(S, [[city, S.t(0.52)], [nd, S.t(0.78)]], hz, 0.4);
    ripples(S, hz + 4, H, 50, S.p.lights, 0.3);
    ripples(S, hz + 4, H, 30, S.p.sky[2], 0.25);
    // ferry
    S.add(path(d`M1120 860H1400L1380 888H1140Z${rect(1160, 838, 200, 22)}${rect(1200, 822, 120, 16)}${rect(1250, 806, 14, 16)}`, S.p.ink));
    S.add(path(d`M1170 846h180v5h-180zM1210 828h100v4h-100z`, S.p.lights, op(0.85)));
    S.add(path([[40, 1010, 200], [120, 1000, 150], [210, 1020, 120], [300, 1030, 90]].map(([a, b, h]) => pine(a, b, h)).join(''), S.p.ink));
  });

scene('manila', 'Grand Hyatt Manila: the golden Manila Bay sunset beside the city skyline',
  { sky: ['#b9532f', '#f0954a', '#fdd68a'], sun: '#fff2c8', haze: '#eba66c', ink: '#2f1a10', sea: ['#f2a65a', '#5c2e18'], lights: '#ffe3a0' },
  (S) => {
    const hz = 640;
    sky(S, hz); sun(S, 920, 606, 72, { glow: 4.5 });
    clouds(S, [[180, 300, 420], [720, 220, 300], [1120, 380, 380]], mix(S.p.sky[1], S.p.sun, 0.5), 0.35);
    range(S, [[1080, hz], [1220, 612], [1360, 592], [1500, 606], [1600, 600]], S.t(0.2), { rough: 0.15, shade: 0, base: hz + 1 });
    const city = layer(S, [skyline(S, { x0: 0, x1: 640, base: hz, hMin: 30, hMax: 220, peak: 230, spread: 240 })], S.t(0.45), { lights: 0.25 });
    sea(S, hz);
    reflect(S, [[city, S.t(0.45)]], hz, 0.35);
    glitter(S, 920, hz, 900, 130);
    ripples(S, hz + 6, 900, 40, S.p.sky[2], 0.3);
    const bangka = (x, y, s) => `<path d="${d`M${x - 70 * s} ${y + 6 * s}H${x + 70 * s}M${x - 40 * s} ${y - 6 * s}Q${x - 50 * s} ${y - 24 * s} ${x - 56 * s} ${y + 6 * s}M${x + 40 * s} ${y - 6 * s}Q${x + 50 * s} ${y - 24 * s} ${x + 56 * s} ${y + 6 * s}`}" stroke="${S.p.ink}" stroke-width="3" fill="none"/>` +
      path(d`M${x - 60 * s} ${y - 16 * s}Q${x} ${y + 10 * s} ${x + 64 * s} ${y - 18 * s}L${x + 40 * s} ${y - 6 * s}H${x - 44 * s}Z`, S.p.ink);
    S.add(bangka(420, 760, 1.3), bangka(1280, 720, 0.8));
    // baywalk: sea wall, railing and lamps
    let rail = d`M0 900H1600`;
    for (let x = 20; x < W; x += 46) rail += d`M${x} 900V930`;
    S.add(`<path d="${rail}" stroke="${S.p.ink}" stroke-width="4"/>`, path(d`M0 928H1600V1000H0Z`, S.p.ink));
    for (const x of [260, 760, 1160]) S.add(path(rect(x - 3, 790, 6, 140), S.p.ink), d`<circle cx="${x}" cy="786" r="26" fill="${S.p.lights}" opacity=".25"/><circle cx="${x}" cy="786" r="9" fill="${S.p.lights}"/>`);
    palms(S, [[1440, 935, 1.3, -1, 0.1], [100, 935, 1.1, 1, 0.05]], S.p.ink);
  });

scene('kochi', 'Grand Hyatt Kochi: backwaters with Chinese fishing nets at dawn',
  { sky: ['#9aaecb', '#efc6a6', '#fbe5c8'], sun: '#fff2dc', haze: '#d2bcae', ink: '#20262a', sea: ['#e8c8ae', '#6d6470'] },
  (S) => {
    const hz = 620;
    sky(S, hz); sun(S, 1020, 460, 46, { glow: 5 });
    S.add(path(canopy(S, 0, W, hz - 12, 6, 16, hz + 1, 4), S.t(0.25)));
    palms(S, Array.from({ length: 12 }, (_, i) => [60 + i * 130 + S.r(-30, 30), hz - 4, S.r(0.14, 0.22), i % 2 ? 1 : -1, S.r(-0.2, 0.2)]), S.t(0.25));
    sea(S, hz); glitter(S, 1020, hz, H, 80);
    net(S, 800, 700, 0.7, S.t(0.5));
    net(S, 1080, 760, 0.95, S.t(0.75));
    net(S, 200, 820, 1.25, S.t(0.9));
    ripples(S, hz + 6, H, 40, S.p.sky[2], 0.35);
    S.add(path(d`M600 900Q700 912 820 896L830 888H590Z`, S.p.ink), path(d`M700 890v-34h6v34zM698 852a7 7 0 1 0 10 0a7 7 0 1 0 -10 0z`, S.p.ink));
    palms(S, [[1560, 1010, 1.4, -1, 0.25]], S.p.ink);
  });


scene('nashville', 'Grand Hyatt Nashville: Music City skyline lit up above the Cumberland River at night',
  { sky: ['#0b1430', '#1f2d5c', '#3f4c86'], sun: '#f2ecd8', haze: '#4a5a88', ink: '#080d1d', sea: ['#263160', '#080c1e'], lights: '#ffc864' },
  (S) => {
    const hz = 680;
    sky(S, hz); sun(S, 1190, 610, 40, { glow: 5 });
    S.add(path(hill([[0, 640], [300, 622], [700, 646], [1100, 626], [1600, 642]], hz + 1), S.t(0.2)));
    const far = layer(S, [skyline(S, { x0: 280, x1: 1420, base: hz, hMin: 30, hMax: 170, peak: 820, spread: 380 })], S.t(0.36), { lights: 0.3 });
    const x = 760, t = hz - 400;
    const batman = d`M${x - 55} ${hz}V${t + 70}L${x - 52} ${t}L${x - 30} ${t + 72}H${x + 30}L${x + 52} ${t}L${x + 55} ${t + 70}V${hz}Z` + rect(x - 2, t + 20, 4, 54);
    const mid = layer(S, [skyline(S, { x0: 460, x1: 1220, base: hz, hMin: 40, hMax: 250, peak: 880, spread: 260 }), batman], S.t(0.56), { lights: 0.6 });
    sea(S, hz);
    reflect(S, [[far, S.t(0.36)], [mid, S.t(0.56)]], hz, 0.4);
    glitter(S, 1190, hz, 860, 60);
    ripples(S, hz + 6, H, 40, S.p.lights, 0.3);
    // truss footbridge on stone piers
    let tr = d`M0 736H700`;
    for (let k = 0; k < 3; k++) {
      const a = k * 240, m = a + 120;
      tr += d`M${a} 736Q${m} 660 ${a + 240} 736`;
      for (let i = 1; i < 6; i++) tr += d`M${a + i * 40} 736L${a + i * 40 + (i < 3 ? 20 : -20)} ${736 - 54 * Math.sin((Math.PI * (i * 40 + (i < 3 ? 20 : -20))) / 240)}`;
    }
    S.add(`<path d="${tr}" stroke="${S.t(0.82)}" stroke-width="5" fill="none"/>`, path(rect(232, 736, 16, 40) + rect(472, 736, 16, 40) + rect(-8, 736, 16, 40), S.t(0.82)));
    S.add(path(canopy(S, 1080, W, 880, 30, 60), S.p.ink));
  });

scene('melbourne', 'Grand Hyatt Melbourne: city skyline over the Yarra River on a clear afternoon',
  { sky: ['#3d78bb', '#93bde2', '#e4eef0'], sun: '#fffbea', haze: '#a6bccc', ink: '#1c2b38', sea: ['#86aac0', '#21405a'], lights: '#f4f1e2' },
  (S) => {
    const hz = 700;
    sky(S, hz); sun(S, 280, 620, 36, { glow: 5 });
    const far = layer(S, [skyline(S, { x0: 180, x1: 1600, base: hz, hMin: 40, hMax: 200, peak: 1000, spread: 420 })], S.t(0.32), { lights: 0.25 });
    const ex = 1180, et = hz - 430;
    const main = layer(S, [skyline(S, { x0: 560, x1: 1500, base: hz, hMin: 40, hMax: 270, peak: 950, spread: 280 }), rect(ex - 30, et, 60, 430) + rect(ex - 2, et - 40, 4, 40)], S.t(0.55), { lights: 0.55 });
    S.add(path(rect(ex - 30, et, 60, 64), '#e2b35e'), path(rect(ex - 30, et + 52, 60, 4), '#fff3c8', op(0.7)));
    const spire = stack(430, hz, [[52, 48, 14], [44, 30, 40], [30, 5, 250], [5, 1, 90]]);
    const sp = layer(S, [spire], S.t(0.78));
    let lat = '';
    for (let i = 1; i < 9; i++) { const y = hz - 54 - i * 26, w = 30 - i * 3; lat += d`M${430 - w} ${y + 26}L${430 + w - 3} ${y}M${430 + w} ${y + 26}L${430 - w + 3} ${y}`; }
    S.add(`<path d="${lat}" stroke="#cfd6ff" stroke-width="2"${op(0.35)}/>`);
    sea(S, hz);
    reflect(S, [[far, S.t(0.32)], [main, S.t(0.55)], [sp, S.t(0.78)]], hz, 0.4);
    glitter(S, 280, hz, 800, 40);
    ripples(S, hz + 6, 840, 40, S.p.lights, 0.3);
    // Princes Bridge: deck over three arches, with lamps
    let br = d`M0 860H1600V1000H0Z`;
    for (const a of [80, 600, 1120]) br += d`M${a} 1000Q${a + 200} 860 ${a + 400} 1000Z`;
    S.add(path(br, S.t(0.88), ' fill-rule="evenodd"'));
    let lamps = '';
    for (let x = 60; x < W; x += 130) { lamps += rect(x - 2, 820, 4, 40); halo(S, x, 818, 22, S.p.lights, 0.6); }
    S.add(path(lamps + rect(0, 852, 1600, 8), S.t(0.88)));
  });

/** Petronas tower: set-back tiers and pinnacle. */
const petronas = (x, b, hw) => stack(x, b, [[hw, hw, 300], [hw * 0.92, hw * 0.92, 60], [hw * 0.82, hw * 0.82, 45], [hw * 0.7, hw * 0.7, 35], [hw * 0.56, hw * 0.52, 30], [hw * 0.4, hw * 0.3, 25], [hw * 0.22, hw * 0.16, 15], [hw * 0.1, 1, 60]]);

scene('kuala-lumpur', 'Grand Hyatt Kuala Lumpur: the Petronas Twin Towers and city skyline at night',
  { sky: ['#121a40', '#434479', '#c8838a'], sun: '#f6ead0', haze: '#665c86', ink: '#0d0f22', sea: ['#3d3a66', '#0d0f24'], lights: '#ffd48a' },
  (S) => {
    const hz = 760;
    sky(S, hz); stars(S, 40, 350); crescent(S, 300, 170, 22, S.p.sun);
    range(S, [[0, 640], [250, 610], [500, 630], [800, 600], [1100, 625], [1400, 605], [1600, 620]], S.t(0.2), { rough: 0.2, shade: 0, base: hz });
    const far = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 40, hMax: 170, wMin: 20, wMax: 50 })], S.t(0.38), { lights: 0.3 });
    const kl = layer(S, [hill([[120, hz], [320, 704], [520, hz]], hz + 1), stack(320, 706, [[14, 10, 250], [10, 24, 14], [24, 30, 20], [30, 30, 20], [30, 18, 18], [14, 8, 10], [3, 1, 100]])], S.t(0.5));
    halo(S, 320, 440, 60, S.p.lights, 0.35);
    const st = mix('#cdd1ec', S.p.haze, 0.25);
    halo(S, 990, 400, 420, '#cdd1ec', 0.18);
    const tw = layer(S, [petronas(900, hz, 38), petronas(1080, hz, 38), rect(930, hz - 250, 120, 10), d`M990 ${hz - 240}L938 ${hz - 180}M990 ${hz - 240}L1042 ${hz - 180}`], st);
    let ribs = '';
    for (const cx of [900, 1080]) for (let o = -30; o <= 30; o += 10) ribs += d`M${cx + o} ${hz}V${hz - 320 + Math.abs(o) * 2}`;
    S.add(`<path d="${ribs}" stroke="${S.p.haze}" stroke-width="2"${op(0.45)}/><path d="M990 ${hz - 240}L938 ${hz - 180}M990 ${hz - 240}L1042 ${hz - 180}" stroke="${st}" stroke-width="5"/>`);
    S.add(`<use href="#${tw}" fill="url(#L)"${op(0.35)}/>`);
    sea(S, hz);
    reflect(S, [[far, S.t(0.38)], [tw, st], [kl, S.t(0.5)]], hz, 0.45, 160);
    ripples(S, hz + 4, 900, 30, S.p.lights, 0.4);
    S.add(path(canopy(S, 0, W, 900, 26, 56), S.p.ink));
    palms(S, [[140, 930, 0.9, 1, 0.1], [1470, 930, 1.0, -1, 0.1], [1330, 930, 0.7, 1, -0.1]], S.p.ink);
  });

scene('mumbai', 'Grand Hyatt Mumbai: the Gateway of India and the seafront arc in the morning haze',
  { sky: ['#6fa6cf', '#c9dde3', '#f4e4c4'], sun: '#fff8e4', haze: '#b5c3c3', ink: '#223139', sea: ['#86a9ae', '#2b4a53'], lights: '#fff1c8' },
  (S) => {
    const hz = 640;
    sky(S, hz); sun(S, 330, 566, 42, { glow: 4.5 });
    const arc = layer(S, [skyline(S, { x0: 0, x1: 880, base: hz, hMin: 16, hMax: 130, peak: 520, spread: 220, wMin: 16, wMax: 40 })], S.t(0.35), { lights: 0.35 });
    sea(S, hz);
    reflect(S, [[arc, S.t(0.35)]], hz, 0.3, 120);
    glitter(S, 330, hz, 900, 60);
    // Queen's Necklace: a curve of lamps along the bay
    let neck = '';
    for (let i = 0; i <= 36; i++) { const t = i / 36, x = t * 900, y = hz + 2 + 40 * (1 - t) ** 2; neck += circ(x, y, 2 + (1 - t) * 2); }
    S.add(`<path d="${curve([[0, hz + 46], [300, hz + 20], [600, hz + 7], [900, hz + 2]])}" stroke="${S.t(0.45)}" stroke-width="6" fill="none"/>`, path(neck, S.p.lights));
    ripples(S, hz + 8, H, 40, S.p.sky[2], 0.3);
    // Gateway of India
    const b = 770, cx = 1180, g = mix('#e3a877', S.p.haze, 0.1);
    const turret = (x, y, h) => rect(x - 10, y - h, 20, h) + onion(x, y - h, 14, 30) + finial(x, y - h - 30, 10, 2);
    const body = rect(cx - 120, b - 210, 240, 210) + rect(cx - 130, b - 222, 260, 14) + rect(cx - 60, b - 250, 120, 30) + sdome(cx, b - 250, 48, 22) +
      turret(cx - 110, b - 222, 50) + turret(cx + 110, b - 222, 50) + turret(cx - 60, b - 250, 30) + turret(cx + 60, b - 250, 30) +
      rect(cx - 220, b - 140, 100, 140) + rect(cx + 120, b - 140, 100, 140) + turret(cx - 210, b - 140, 40) + turret(cx + 210, b - 140, 40);
    solid(S, body, g, cx + 60, 0.18);
    S.add(path(arch(cx - 42, b, 84, 170) + arch(cx - 190, b, 40, 96) + arch(cx + 150, b, 40, 96) + arch(cx - 96, b - 110, 24, 60) + arch(cx + 72, b - 110, 24, 60), S.t(0.72)));
    S.add(path(rect(cx - 300, b, 600, 16), S.t(0.8)), path(rect(cx - 250, b - 6, 500, 6), g));
    S.add(path(boat(820, 850, 1.2) + boat(1480, 880, 0.9, 0.8) + boat(620, 930, 1.5, 0), S.p.ink));
  });

scene('seoul', 'Grand Hyatt Seoul: mountain-ringed city with the tower on its hill',
  { sky: ['#3d5c9a', '#e0a3a0', '#f9dbb8'], sun: '#fff0dc', haze: '#c3a9bd', ink: '#1f1b33', sea: ['#c9a9b4', '#4b4260'], lights: '#ffdca0' },
  (S) => {
    const hz = 790;
    sky(S, hz); sun(S, 360, 380, 38, { glow: 5 });
    range(S, [[0, 520], [150, 470], [300, 430], [420, 470], [560, 440], [700, 480], [900, 430], [1050, 400], [1200, 450], [1400, 420], [1600, 470]], S.t(0.15), { rough: 0.25, shade: 0.1, base: hz });
    mist(S, 470, 120, 0.35);
    range(S, [[0, 600], [180, 540], [330, 500], [450, 540], [600, 560], [800, 590], [1000, 600], [1200, 560], [1350, 530], [1500, 560], [1600, 540]], S.t(0.3), { rough: 0.3, shade: 0.14, base: hz });
    mist(S, 580, 120, 0.35);
    const city = layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 30, hMax: 130, wMin: 30, wMax: 70, peak: 700, spread: 500, kinds: 'ffffssg' })], S.t(0.45), { lights: 0.35 });
    const nam = layer(S, [woods(S, 860, 1540, 622, hz), stack(1200, 628, [[10, 7, 120], [7, 7, 30], [14, 16, 10], [16, 16, 22], [16, 12, 10], [5, 5, 20], [2, 1, 80]])], S.t(0.78));
    S.add(path(rect(1184, 482, 32, 5), S.p.lights, op(0.8)));
    sea(S, hz);
    reflect(S, [[city, S.t(0.5)], [nam, S.t(0.78)]], hz, 0.35, 200);
    ripples(S, hz + 4, H, 30, S.p.sky[2], 0.3);
    let br = d`M0 846H1600V858H0Z`;
    for (let x = 60; x < W; x += 130) br += rect(x - 6, 858, 12, 40);
    S.add(path(br, S.t(0.85)));
    let bl = '';
    for (let x = 20; x < W; x += 40) bl += circ(x, 850, 2);
    S.add(path(bl, S.p.lights, op(0.9)));
  });

scene('gurgaon', 'Grand Hyatt Gurgaon: the glass towers of Cyber City and the elevated metro at dusk',
  { sky: ['#24345e', '#8a779e', '#efae87'], sun: '#ffe2bb', haze: '#a38ca5', ink: '#181c30', lights: '#ffd28c' },
  (S) => {
    const hz = 820;
    sky(S, hz); sun(S, 360, 600, 44, { glow: 5 });
    layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 60, hMax: 220, peak: 1150, spread: 500, kinds: 'fftt' })], S.t(0.25), { lights: 0.2 });
    mist(S, 600, 220, 0.5);
    const lit = mix('#b9c3e0', '#f2b98f', 0.3), dk = S.t(0.62);
    // Cyber City's glass towers, clustered to the right of the picture
    for (const [x, w, h, sl] of [[780, 90, 300, 30], [880, 110, 420, 0], [1000, 130, 580, 70], [1140, 100, 470, 0], [1250, 140, 640, 50], [1400, 100, 430, 30], [1510, 110, 360, 0]]) prism(S, x, hz, w, h, lit, dk, sl);
    S.add(path(rect(1000, hz - 560, 72, 4) + rect(1250, hz - 600, 77, 4) + rect(880, hz - 400, 60, 4), S.p.lights, op(0.7)));
    S.add(path(rect(0, hz, W, H - hz), S.t(0.75)));
    // elevated metro with a lit train
    let track = rect(0, 846, 1600, 16);
    for (let x = 100; x < W; x += 200) track += rect(x - 8, 862, 16, 80) + rect(x - 24, 858, 48, 8);
    S.add(path(track + d`M360 846V820Q360 810 370 810H960Q980 810 990 828V846Z`, S.t(0.85)));
    let win = '';
    for (let x = 380; x < 960; x += 26) win += rect(x, 818, 16, 10);
    S.add(path(win, S.p.lights, op(0.9)));
    S.add(path(canopy(S, 0, W, 930, 22, 46), S.p.ink));
  });

scene('jakarta', 'Grand Hyatt Jakarta: city towers and the National Monument under a bright tropical sky',
  { sky: ['#2f8fc9', '#8cc8e4', '#e6f2ea'], sun: '#fffbe8', haze: '#a3c4c2', ink: '#16302b', lights: '#eef4ee' },
  (S) => {
    const hz = 820;
    sky(S, hz); sun(S, 380, 560, 40, { glow: 5 });
    layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 60, hMax: 250, peak: 500, spread: 500 })], S.t(0.3), { lights: 0.2 });
    mist(S, 600, 200, 0.5);
    layer(S, [skyline(S, { x0: 1240, x1: W, base: hz, hMin: 50, hMax: 300, peak: 1500, spread: 200 }), skyline(S, { x0: 0, x1: 760, base: hz, hMin: 40, hMax: 260, peak: 420, spread: 260 })], S.t(0.5), { lights: 0.45 });
    const b = hz - 10, ot = b - 92 - 366;
    solid(S, stack(1060, b, [[150, 150, 20], [120, 120, 12], [46, 110, 60]]) + stack(1060, b - 92, [[17, 10, 330], [16, 16, 14], [12, 6, 22]]), S.t(0.72), 1066, 0.25);
    halo(S, 1060, ot - 30, 90, '#f2c14e', 0.4);
    S.add(path(d`M1060 ${ot - 74}C1076 ${ot - 44} 1088 ${ot - 22} 1072 ${ot}H1048C1032 ${ot - 22} 1048 ${ot - 44} 1060 ${ot - 74}Z`, '#f2c14e'));
    S.add(path(d`M0 ${hz}H1600V${H}H0Z`, S.t(0.8)), path(canopy(S, 0, 820, 880, 26, 50) + canopy(S, 1300, W, 880, 26, 50), S.p.ink));
    palms(S, [[120, 900, 0.8, 1, 0.1], [1480, 900, 0.9, -1, 0.1], [1300, 910, 0.6, 1, 0]], S.p.ink);
  });

/** Taipei 101: podium, eight flared segments, crown and pinnacle. */
const taipei101 = (x, b) => stack(x, b, [[46, 36, 120], ...Array(8).fill([26, 36, 48]), [22, 22, 12], [16, 14, 22], [9, 8, 18], [3, 1, 60]]);

scene('taipei', 'Grand Hyatt Taipei: Taipei 101 rising against misty mountains in the golden evening light',
  { sky: ['#4f7fa6', '#e3bd98', '#f8e4c4'], sun: '#fff6e6', haze: '#bfbdb6', ink: '#172630', lights: '#ffe3a6' },
  (S) => {
    const hz = 830;
    sky(S, hz); sun(S, 380, 420, 40, { glow: 5 });
    range(S, [[0, 560], [200, 500], [420, 470], [650, 510], [900, 460], [1150, 500], [1400, 450], [1600, 490]], S.t(0.12), { rough: 0.2, shade: 0.08, base: hz });
    mist(S, 480, 160, 0.45);
    range(S, [[0, 640], [220, 590], [450, 560], [700, 610], [950, 580], [1200, 620], [1450, 570], [1600, 600]], S.t(0.26), { rough: 0.25, shade: 0.12, base: hz });
    mist(S, 590, 160, 0.45);
    layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 30, hMax: 150, wMin: 20, wMax: 50, peak: 1060, spread: 400 })], S.t(0.45), { lights: 0.25 });
    solid(S, taipei101(1060, hz), S.t(0.78), 1064, 0.25);
    let seams = '';
    for (let i = 0; i <= 8; i++) seams += d`M1024 ${hz - 120 - i * 48}h72`;
    S.add(`<path d="${seams}" stroke="${S.p.lights}" stroke-width="3"${op(0.7)}/>`);
    S.add(path(rect(0, hz, W, H - hz), S.t(0.5)));
    mist(S, 770, 120, 0.4);
    S.add(path(canopy(S, 0, W, 880, 24, 50), S.t(0.85)));
  });

// --- Mountains and snow ----------------------------------------------------------------------

scene('vail', 'Grand Hyatt Vail, Colorado: snowy peaks and pine forest on a bright winter day',
  { sky: ['#2c70b3', '#7fb4dd', '#dcebf4'], sun: '#ffffff', haze: '#b2cadf', ink: '#17302f' },
  (S) => {
    sky(S, 640); sun(S, 1290, 170, 36, { glow: 5, strength: 0.6 });
    clouds(S, [[100, 220, 240], [520, 150, 180]], '#fff', 0.6);
    range(S, [[0, 470], [150, 420], [300, 380], [420, 410], [560, 330], [680, 380], [820, 350], [1000, 300], [1150, 370], [1300, 340], [1450, 390], [1600, 360]], S.t(0.2),
      { rough: 0.3, snow: 410, snowColor: mix('#ffffff', S.p.haze, 0.3), shade: 0.16, base: 760 });
    mist(S, 470, 120, 0.5);
    range(S, [[0, 600], [200, 520], [360, 460], [500, 500], [680, 420], [820, 370], [960, 430], [1120, 500], [1300, 450], [1460, 520], [1600, 490]], S.t(0.34),
      { rough: 0.3, snow: 540, snowColor: '#f4f8fb', shade: 0.2, base: 800 });
    const y1 = (x) => 650 + Math.sin(x / 210) * 24;
    S.add(path(treeline(S, 0, W, y1, 30, 60, 18, 820), S.t(0.55)));
    // ski runs cut through the forest
    S.add(path(hill([[0, 780], [300, 740], [700, 770], [1100, 720], [1600, 750]]), '#f4f8fb'), path(hill([[0, 860], [400, 830], [800, 880], [1200, 850], [1600, 880]]), '#dce7f1'));
    S.add(`<path d="${d`M640 900L1180 640`}" stroke="${S.p.ink}" stroke-width="2"${op(0.6)}/>`, path(d`M760 842v-30h4v30zM750 812h24v4h-24zM930 760v-30h4v30zM920 730h24v4h-24zM1100 678v-30h4v30zM1090 648h24v4h-24z`, S.p.ink, op(0.7)));
    const trees = [[60, 1000, 300], [170, 1010, 230], [260, 1030, 170], [1470, 1000, 320], [1570, 1020, 240], [1360, 1040, 180], [1260, 1000, 120]];
    S.add(path(trees.map(([x, y, h]) => pine(x, y, h)).join(''), S.p.ink));
  });

scene('deer-valley', 'Grand Hyatt Deer Valley, Utah: a lodge and chairlift below snowy runs and pine glades on a rounded Wasatch summit, white aspens in front',
  { sky: ['#3f79b8', '#a9cbe6', '#f3ede4'], sun: '#fffaf0', haze: '#b9c9da', ink: '#2b3446', lights: '#ffcf8a' },
  (S) => {
    sky(S, 640); sun(S, 330, 200, 34, { glow: 5, strength: 0.5 });
    clouds(S, [[120, 300, 260], [520, 210, 180]], '#fff', 0.55);
    // far Wasatch ridges, pale and rounded
    S.add(path(hill([[0, 560], [200, 520], [420, 545], [600, 505], [760, 525], [1000, 495], [1300, 520], [1600, 500]], 720), mix('#f4f6fa', S.p.haze, 0.5)));
    // the ski mountain: a broad rounded summit to the right, snowfields cut through dark conifers
    const top = (x) => 700 - 330 * Math.exp(-(((x - 1120) / 330) ** 2)) - 90 * Math.exp(-(((x - 760) / 200) ** 2));
    const ridgePts = [];
    for (let x = 380; x <= W + 40; x += 40) ridgePts.push([x, top(x)]);
    S.add(path(hill(ridgePts, 760), '#f6f8fb'));
    // dark conifers over the slopes, cut by wide groomed runs that leave the ridge at different points and run
    // side by side down the mountain (never meeting at the top)
    S.add(path(treeline(S, 330, W + 20, (x) => top(x) + 40, 16, 30, 11, 780), mix(S.t(0.6), '#3f6b5a', 0.45)));
    const run = (x0, dx, w0, w1) => { const y0 = top(x0) + 30; return d`M${x0 - w0} ${y0}C${x0 - w0 + dx * 0.3} ${y0 + 120} ${x0 + dx - w1 - 30} 640 ${x0 + dx - w1} 780H${x0 + dx + w1}C${x0 + dx + w1 - 30} 640 ${x0 + w0 + dx * 0.3} ${y0 + 120} ${x0 + w0} ${y0}Z`; };
    S.add(path(run(700, -60, 10, 30) + run(1060, -20, 14, 44) + run(1390, 60, 12, 36), '#f6f8fb'));
    // chairlift: towers and cable from the base to the summit
    const liftTop = top(1080) + 14;
    let posts = '';
    for (let i = 0; i <= 6; i++) { const x = 470 + i * 100, y = 760 + ((liftTop - 760) * i * 100) / 610; posts += rect(x - 2, y, 4, 26) + rect(x - 10, y, 20, 3); }
    S.add(`<path d="${d`M470 760L1080 ${liftTop}`}" stroke="${S.p.ink}" stroke-width="3"/>`, path(posts, S.p.ink));
    // the lodge at the foot of the runs: timber gable under snow, lit windows
    const lx = 300, lb = 800;
    S.add(path(d`M${lx - 130} ${lb}V${lb - 70}L${lx} ${lb - 150}L${lx + 130} ${lb - 70}V${lb}Z`, mix('#6b4a3a', S.p.haze, 0.15)),
      path(d`M${lx - 150} ${lb - 66}L${lx} ${lb - 164}L${lx + 150} ${lb - 66}L${lx + 140} ${lb - 58}L${lx} ${lb - 148}L${lx - 140} ${lb - 58}Z`, '#f6f8fb'),
      path(rect(lx - 100, lb - 56, 40, 30) + rect(lx - 20, lb - 56, 40, 30) + rect(lx + 60, lb - 56, 40, 30) + rect(lx - 16, lb - 118, 32, 36), S.p.lights));
    mist(S, 700, 80, 0.5, '#f3ede4');
    // snowfield foreground with soft drifts
    S.add(path(hill([[0, 760], [500, 740], [1000, 770], [1600, 750]]), '#f7f4ef'), path(hill([[0, 880], [500, 850], [1000, 900], [1600, 870]]), '#e4e9f1'));
    // aspens: white trunks with dark eyes, fine bare crowns, on the right
    let trunks = '', marks = '';
    const grove = [[1180, 940, 420, 9], [1250, 960, 520, 11], [1330, 930, 470, 10], [1400, 970, 600, 13], [1470, 945, 540, 12], [1540, 985, 650, 14], [1590, 950, 480, 10], [1120, 920, 330, 7]];
    for (const [x, y, h, w] of grove) {
      trunks += d`M${x - w} ${y}L${x - w * 0.4} ${y - h}H${x + w * 0.4}L${x + w} ${y}Z`;
      for (let k = 1; k < 7; k++) { const yy = y - (h * k) / 7 + S.r(-12, 12); marks += rect(x - w * 0.7, yy, w * S.r(0.5, 1.2), 3 + S.r(0, 3)); }
    }
    S.add(path(trunks, '#f4f1ea'), path(marks, S.p.ink, op(0.75)));
    S.add(path(trunks, S.p.ink, op(0.08)));
    // blue shadows of the trunks across the snow
    let sh = '';
    for (const [x, y] of grove) sh += d`M${x - 8} ${y}L${x - 260} ${y + 40}L${x - 250} ${y + 46}L${x + 8} ${y}Z`;
    S.add(path(sh, '#9fb3cf', op(0.45)));
  });

scene('denver', 'Grand Hyatt Denver: downtown towers before the snowy Rocky Mountains in the evening light',
  { sky: ['#3f5f9e', '#e9a88c', '#fbdcb0'], sun: '#fff4ea', haze: '#c4a2a3', ink: '#222737', lights: '#ffd99a' },
  (S) => {
    const hz = 790;
    sky(S, hz); sun(S, 360, 240, 30, { glow: 4, strength: 0.45 });
    range(S, [[0, 520], [120, 480], [260, 420], [380, 470], [520, 390], [640, 440], [780, 370], [900, 430], [1050, 400], [1200, 450], [1350, 410], [1480, 460], [1600, 440]], S.t(0.18),
      { rough: 0.3, snow: 450, snowColor: mix('#fbe9e4', S.p.haze, 0.2), shade: 0.07, base: hz });
    mist(S, 500, 120, 0.35);
    range(S, [[0, 610], [300, 575], [600, 605], [900, 565], [1200, 595], [1600, 575]], S.t(0.34), { rough: 0.15, shade: 0.1, base: hz });
    mist(S, 620, 120, 0.3);
    // downtown to the right: the rounded top of Wells Fargo Center and the slim Daniels & Fisher clock tower
    const wf = d`M1140 ${hz}V${hz - 290}C1140 ${hz - 360} 1240 ${hz - 360} 1240 ${hz - 290}V${hz}Z`;
    const df = stack(960, hz, [[16, 16, 200], [20, 20, 8], [14, 14, 40], [10, 2, 36]]) + circ(960, hz - 226, 7);
    layer(S, [skyline(S, { x0: 820, x1: 1560, base: hz, hMin: 40, hMax: 270, peak: 1220, spread: 170 }), wf, df], S.t(0.78), { lights: 0.45 });
    S.add(path(hill([[0, hz - 4], [400, hz - 10], [800, hz], [1200, hz - 8], [1600, hz - 2]]), S.t(0.7)), path(hill([[0, 830], [400, 810], [800, 840], [1200, 816], [1600, 832]]), S.t(0.8)));
    S.add(path(canopy(S, 0, 420, 870, 20, 44) + canopy(S, 1400, W, 900, 20, 44), S.p.ink));
    let grass = '';
    for (let i = 0; i < 30; i++) { const x = S.r(420, 1400), y = S.r(850, 990); grass += d`M${x} ${y}h${S.r(40, 140)}`; }
    S.add(`<path d="${grass}" stroke="${S.p.sky[2]}" stroke-width="2"${op(0.25)}/>`);
  });

scene('athens', 'Grand Hyatt Athens: the Acropolis on its hill at golden hour',
  { sky: ['#6d7bb0', '#e2a58c', '#f8d6a7'], sun: '#fff0d0', haze: '#d6a78f', ink: '#35283a' },
  (S) => {
    const hz = 740, mb = '#f2cf9c';
    sky(S, hz); sun(S, 420, 500, 40, { glow: 5 });
    range(S, [[0, 560], [200, 520], [420, 545], [700, 505], [1000, 540], [1300, 515], [1600, 545]], S.t(0.15), { rough: 0.15, shade: 0.08 });
    S.add(path(skyline(S, { x0: 0, x1: W, base: 760, hMin: 10, hMax: 30, wMin: 14, wMax: 34, kinds: 'ffg' }), S.t(0.3)));
    mist(S, 620, 160, 0.5);
    // The rock and its temples stand right of centre: the left of the picture is the text panel's.
    S.add('<g transform="translate(280 0)">');
    range(S, [[-80, 1000], [150, 880], [250, 780], [350, 650], [420, 560], [470, 518], [560, 506], [900, 500], [1150, 508], [1220, 545], [1300, 650], [1400, 780]], S.t(0.55), { rough: 0.12, shade: 0.16 });
    // Parthenon (columns let the sky through), Erechtheion and Propylaea
    let cols = '';
    for (let i = 0; i < 15; i++) cols += rect(712 + i * 21, 420, 12, 68);
    solid(S, cols + rect(700, 400, 322, 22) + d`M700 400L760 382L820 400Z` + rect(694, 486, 334, 8) + rect(688, 494, 346, 8) +
      rect(560, 460, 84, 40) + rect(552, 452, 100, 9) + rect(470, 470, 70, 34) + rect(480, 456, 50, 16), mix(mb, S.p.haze, 0.15), 1000, 0.15);
    S.add(path(rect(440, 496, 740, 12), S.t(0.6)), '</g>');
    S.add(path(skyline(S, { x0: 0, x1: W, base: H, hMin: 50, hMax: 100, wMin: 40, wMax: 110, kinds: 'fffg' }), S.t(0.78)));
    S.add(path([[120, 880, 220, 26], [170, 900, 160, 22], [1400, 880, 240, 28], [1460, 900, 180, 22], [1330, 900, 150, 20]].map(([x, y, h, w]) => cypress(x, y, h, w)).join('') + canopy(S, 0, 420, 900, 26, 50) + canopy(S, 1200, W, 910, 26, 50), S.p.ink));
  });

// --- Domes and minarets ----------------------------------------------------------------------

scene('abu-dhabi', 'Grand Hyatt Abu Dhabi: white mosque domes and minarets reflected at dusk',
  { sky: ['#1c2a56', '#4c5d93', '#e5b58c'], sun: '#fbeed2', haze: '#8c8cad', ink: '#171a30', sea: ['#6f7aa6', '#141833'], lights: '#f2c877' },
  (S) => {
    const hz = 690, wt = '#f3eee6';
    sky(S, hz); stars(S, 30, 260); crescent(S, 1330, 160, 26, S.p.sun);
    S.add(path(skyline(S, { x0: 0, x1: W, base: hz, hMin: 16, hMax: 90, wMin: 20, wMax: 50 }), S.t(0.22)));
    const back = layer(S, [minaret(420, hz - 40, 380, 9), minaret(1180, hz - 40, 380, 9)], mix(wt, S.p.haze, 0.35));
    const dm = [onion(800, 530, 120, 210), rect(690, 520, 220, 90), finial(800, 320, 36, 4), onion(620, 572, 60, 110), onion(980, 572, 60, 110), rect(565, 566, 110, 40), rect(925, 566, 110, 40), finial(620, 462, 20, 3), finial(980, 462, 20, 3)];
    for (const x of [320, 390, 460, 1140, 1210, 1280]) dm.push(onion(x, 602, 26, 48), finial(x, 554, 10, 2));
    const m = [rect(240, 600, 1120, 50), rect(220, 646, 1160, hz - 646), minaret(240, hz, 430, 11), minaret(1360, hz, 430, 11), ...dm];
    const id = solid(S, m.join(''), wt, 800, 0.12);
    let ar = '';
    for (let x = 270; x < 1340; x += 42) ar += arch(x, 646, 22, 38);
    S.add(path(ar, S.p.lights, op(0.9)));
    sea(S, hz);
    reflect(S, [[id, wt], [back, mix(wt, S.p.haze, 0.35)]], hz, 0.5, 300);
    ripples(S, hz + 4, 800, 30, S.p.lights, 0.5, 240, 1360);
    ripples(S, hz + 10, H, 30, S.p.sky[2], 0.25);
    palms(S, [[70, 1010, 1.2, 1, 0.1], [1530, 1010, 1.2, -1, -0.05]], S.p.ink);
  });

scene('istanbul', 'Grand Hyatt Istanbul: domes and minarets above the Bosphorus at sunset',
  { sky: ['#3a376b', '#c06e89', '#f4ae7c'], sun: '#ffe2b3', haze: '#b3819a', ink: '#22182c', sea: ['#b57a92', '#241c36'], lights: '#ffd490' },
  (S) => {
    const hz = 700;
    sky(S, hz); sun(S, 1260, 560, 40, { glow: 5 });
    S.add(path(hill([[760, hz], [1000, 664], [1300, 652], [1600, 662]], hz + 1), S.t(0.18)));
    const c = S.t(0.55), b = 600;
    const blue = [dome(420, 520, 82, 86), rect(330, 520, 180, 30), sdome(330, 548, 46, 36), sdome(510, 548, 46, 36), sdome(270, 572, 28, 24), sdome(570, 572, 28, 24), rect(240, 546, 360, b - 546), finial(420, 434, 24, 3)];
    for (const [x, h] of [[230, 230], [290, 250], [550, 250], [610, 230], [180, 200], [660, 200]]) blue.push(minaret(x, b, h, 7));
    const hs = [sdome(900, 574, 92, 64), rect(800, 574, 200, 30), sdome(810, 606, 40, 26), sdome(990, 606, 40, 26), rect(760, 604, 280, 40), finial(900, 510, 16, 3)];
    for (const [x, h] of [[745, 210], [1055, 210], [780, 185], [1020, 185]]) hs.push(minaret(x, 640, h, 6));
    const city = layer(S, [hill([[0, 610], [300, 596], [600, 612], [900, 640], [1120, hz]], hz), skyline(S, { x0: 0, x1: 1100, base: 660, hMin: 14, hMax: 40, wMin: 16, wMax: 40, kinds: 'ffpg' }), ...blue, ...hs], c, { lights: 0.2 });
    sea(S, hz);
    reflect(S, [[city, c]], hz, 0.4);
    glitter(S, 1260, hz, 900, 70);
    ripples(S, hz + 6, H, 36, S.p.sky[2], 0.3);
    S.add(path(d`M920 850H1200L1180 876H950Z${rect(960, 826, 200, 24)}${rect(1000, 810, 110, 16)}${rect(1050, 790, 16, 20)}`, S.p.ink));
    S.add(path(d`M970 834h180v5h-180z`, S.p.lights, op(0.9)));
  });

scene('barcelona', 'Grand Hyatt Barcelona: basilica spires above the city and the Mediterranean',
  { sky: ['#6ea7cf', '#efcf9f', '#fbe6c5'], sun: '#fff6e2', haze: '#d9bca0', ink: '#3b2a27', sea: ['#7eaac0', '#5b8aa3'] },
  (S) => {
    const hz = 580, terra = '#c0765a';
    sky(S, hz); sun(S, 1300, 330, 36, { glow: 5 });
    clouds(S, [[160, 200, 260], [700, 140, 200]], '#fff', 0.5);
    sea(S, hz);
    ripples(S, hz + 4, 660, 24, '#fff', 0.3);
    S.add(path(boat(1180, 640, 0.4) + boat(1420, 630, 0.35) + boat(300, 636, 0.3), '#fff', op(0.85)));
    S.add(path(hill([[0, 630], [140, 590], [280, 582], [420, 630]]), S.t(0.2)));
    glitter(S, 1300, hz, 660, 50, '#fff', 0.6);
    [[650, 0.16], [710, 0.3]].forEach(([b, t]) =>
      S.add(path(skyline(S, { x0: 0, x1: W, base: b + 300, hMin: 300, hMax: 330, wMin: 40, wMax: 110, kinds: 'ffffsa' }), mix(S.t(t), terra, 0.15))));
    // Sagrada Família: clusters of bullet-shaped spires round a tall central tower
    const B = 760, sp = (x, h, w) => d`M${x - w} ${B}C${x - w} ${B - h * 0.5} ${x - w * 0.35} ${B - h * 0.86} ${x} ${B - h}C${x + w * 0.35} ${B - h * 0.86} ${x + w} ${B - h * 0.5} ${x + w} ${B}Z` + circ(x, B - 6 - h, w * 0.35);
    ripples(S, 690, 900, 40, S.p.sky[2], 0.3);
    const sf = [rect(430, 680, 440, 80), poly([[470, 680], [650, 590], [830, 680]]), sp(650, 540, 36) + finial(650, B - 546, 40, 0) + rect(634, B - 570, 32, 5), sp(722, 430, 30), sp(582, 420, 28), sp(690, 390, 26), sp(612, 380, 26)];
    for (const [x, h] of [[455, 320], [495, 360], [540, 360], [580, 320], [735, 310], [775, 350], [815, 350], [855, 310]]) sf.push(sp(x, h, 15));
    solid(S, sf.join(''), mix(S.t(0.5), '#b0764f', 0.3), 660, 0.16);
    S.add(path(d`M1290 ${B}V560C1290 500 1370 500 1370 560V${B}Z`, S.t(0.5)), path(d`M1300 560C1305 520 1355 520 1360 560Z`, '#e88a7a', op(0.5)));
    S.add(path(skyline(S, { x0: 0, x1: W, base: H, hMin: 100, hMax: 130, wMin: 60, wMax: 160, kinds: 'ffsa' }), mix(S.t(0.68), terra, 0.2)));
    palms(S, [[80, 1010, 1.3, 1, 0.1], [1500, 1010, 1.2, -1, 0.15], [1390, 1010, 0.8, -1, -0.1]], S.p.ink);
  });

// --- Bridges, gates and missions -------------------------------------------------------------

/** Golden Gate-style suspension bridge: towers with portal beams, catenary, hangers and deck. */
function suspension(S, x1, x2, hz, deck, top, col) {
  const cy = 2 * (deck - 12) - top, yAt = (x) => { const t = (x - x1) / (x2 - x1); return (1 - t) ** 2 * top + 2 * t * (1 - t) * cy + t * t * top; };
  let hang = '';
  for (let x = x1 + 16; x < x2; x += 16) hang += d`M${x} ${yAt(x)}V${deck}`;
  for (let x = x1 - 16; x > -40; x -= 16) hang += d`M${x} ${top + ((x1 - x) / (x1 + 40)) * (deck - 8 - top)}V${deck}`;
  for (let x = x2 + 16; x < W + 40; x += 16) hang += d`M${x} ${top + ((x - x2) / (W + 40 - x2)) * (deck - 8 - top)}V${deck}`;
  let towers = '';
  for (const x of [x1, x2]) {
    const leg = [[9, 8, (hz - top) * 0.5], [8, 6, (hz - top) * 0.5 + 22]];
    towers += stack(x - 22, hz, leg) + stack(x + 22, hz, leg) + rect(x - 26, top - 6, 52, 8);
    for (const f of [0.22, 0.45, 0.7]) towers += rect(x - 26, top + (deck - top) * f, 52, 10);
    towers += rect(x - 34, hz - 14, 68, 14);
  }
  const id = S.uid('b');
  S.add(`<g id="${id}"><path d="${hang}" stroke="${col}" stroke-width="2"/><path d="${d`M-40 ${deck - 8}L${x1} ${top}Q${(x1 + x2) / 2} ${cy} ${x2} ${top}L${W + 40} ${deck - 8}`}" stroke="${col}" stroke-width="5" fill="none"/>` +
    path(towers + rect(-10, deck, W + 20, 12), col) + '</g>');
  return id;
}

scene('san-francisco', 'Grand Hyatt San Francisco: the red suspension bridge, fog and hills at golden hour',
  { sky: ['#7f9fc0', '#e8c1a3', '#f8dcbf'], sun: '#fff2dc', haze: '#d3bfba', ink: '#243040', sea: ['#8d9fb4', '#2c3c55'] },
  (S) => {
    const hz = 660;
    sky(S, hz); sun(S, 1300, 400, 40, { glow: 5 });
    range(S, [[640, hz], [800, 570], [980, 520], [1150, 545], [1300, 500], [1460, 530], [1600, 510]], S.t(0.32), { rough: 0.2, shade: 0.12, base: hz });
    clouds(S, [[760, 520, 520], [1100, 490, 420], [1300, 540, 400]], '#f6efe9', 0.8);
    mist(S, 500, 160, 0.8, '#f6efe9');
    range(S, [[0, 560], [150, 572], [300, 602], [430, hz]], S.t(0.45), { rough: 0.15, shade: 0.1, base: hz });
    sea(S, hz);
    const br = suspension(S, 420, 1160, hz, 590, 320, mix('#c4452f', S.p.haze, 0.12));
    reflect(S, [[br]], hz, 0.25, 200);
    glitter(S, 1300, hz, 900, 70);
    ripples(S, hz + 4, H, 40, S.p.sky[2], 0.3);
    S.add(path(woods(S, -20, 340, 730, 880), S.p.ink));
    S.add(path(hill([[0, 800], [150, 810], [320, 860], [450, 1000]]), S.t(0.85)), path(d`M1420 940Q1500 890 1600 880V1000H1400Z`, S.p.ink));
  });

scene('tampa-bay', 'Grand Hyatt Tampa Bay: the bay, palms and the yellow-cabled bridge on a sunny afternoon',
  { sky: ['#2a78bd', '#84bfe6', '#d8eef0'], sun: '#fffbe6', haze: '#9cc4cc', ink: '#173240', sea: ['#53b3b8', '#1b5263'] },
  (S) => {
    const hz = 650;
    sky(S, hz); sun(S, 1150, 566, 46, { glow: 5 });
    clouds(S, [[200, 300, 400], [760, 230, 320], [1250, 330, 300]], mix(S.p.sky[1], S.p.sun, 0.5), 0.35);
    sea(S, hz);
    glitter(S, 1150, hz, H, 90);
    // Sunshine Skyway: arched deck, twin pylons and yellow cable fans
    const col = S.t(0.55), yD = (x) => 640 - 66 * Math.exp(-(((x - 1000) / 380) ** 2));
    const dk = [];
    for (let x = -20; x <= W + 20; x += 40) dk.push([x, yD(x)]);
    let piers = '';
    for (let x = 0; x <= W; x += 40) if (Math.abs(x - 1000) > 140) piers += d`M${x} ${yD(x)}V${hz}`;
    let cables = '';
    for (const px of [900, 1100]) for (let k = 1; k <= 9; k++) for (const sg of [-1, 1]) { const x = px + sg * k * 20; cables += d`M${px} ${436 + k * 5}L${x} ${yD(x)}`; }
    const id = S.uid('b');
    S.add(`<g id="${id}"><path d="${poly(dk, false)}" stroke="${col}" stroke-width="9" fill="none"/><path d="${piers}" stroke="${col}" stroke-width="4"/>` +
      path(stack(900, hz, [[8, 4, 220]]) + stack(1100, hz, [[8, 4, 220]]), col) + `<path d="${cables}" stroke="#f3c64b" stroke-width="2"/></g>`);
    reflect(S, [[id]], hz, 0.3, 160);
    ripples(S, hz + 6, H, 36, S.p.sky[2], 0.3);
    S.add(path(hill([[0, 860], [220, 845], [420, 880], [600, 1000]]), S.p.ink));
    palms(S, [[140, 900, 1.25, 1, 0.1], [320, 910, 0.95, 1, -0.1], [50, 920, 0.8, -1, 0]], S.p.ink);
  });

scene('rio-de-janeiro', 'Grand Hyatt Rio de Janeiro: sugarloaf peaks above the bay',
  { sky: ['#6fa3cc', '#efc79d', '#fbe4c4'], sun: '#fff5e0', haze: '#c8b6ad', ink: '#1d2d33', sea: ['#6f9fb2', '#234a5c'] },
  (S) => {
    const hz = 660;
    sky(S, hz); sun(S, 640, 280, 38, { glow: 5 });
    clouds(S, [[760, 200, 260], [1120, 140, 200]], '#fff', 0.5);
    range(S, [[0, 560], [200, 520], [420, 545], [620, 505], [820, 545], [1000, 525], [1200, 565], [1400, 600], [1600, 590]], S.t(0.14), { rough: 0.18, shade: 0.08, base: hz });
    range(S, [[100, hz], [260, 480], [320, 360], [352, 334], [384, 346], [430, 420], [560, 560], [720, hz]], S.t(0.32), { rough: 0.08, depth: 2, shade: 0.14, base: hz });
    S.add(path(d`M346 336L349 282H357L360 336Z` + rect(322, 286, 62, 7) + circ(353, 276, 6), S.t(0.4)));
    const sug = d`M1010 ${hz}C1050 ${hz - 120} 1080 ${hz - 330} 1170 ${hz - 352}C1250 ${hz - 364} 1290 ${hz - 200} 1330 ${hz}Z`;
    const urca = hill([[820, hz], [900, hz - 110], [980, hz - 140], [1060, hz - 80], [1100, hz]], hz);
    const id = solid(S, sug + urca, S.t(0.58), 1200, 0.18);
    S.add(`<path d="M990 ${hz - 140}L1170 ${hz - 350}" stroke="${S.t(0.58)}" stroke-width="2"/>`);
    sea(S, hz);
    reflect(S, [[id, S.t(0.58)]], hz, 0.3, 200);
    glitter(S, 640, hz, 880, 50, '#fff', 0.6);
    ripples(S, hz + 6, H, 40, '#fff', 0.3);
    S.add(path(boat(700, 760, 0.8) + boat(880, 720, 0.55) + boat(1380, 790, 1.0), '#fff', op(0.9)));
    S.add(path(hill([[0, 790], [200, 810], [400, 870], [540, 1000]]), S.p.ink));
    palms(S, [[90, 830, 1.2, 1, 0.15], [240, 840, 0.9, 1, -0.1]], S.p.ink);
  });

scene('berlin', 'Grand Hyatt Berlin: the columned city gate and the TV tower at blue hour',
  { sky: ['#1c274f', '#4a5b91', '#d8a48e'], sun: '#f6ecd6', haze: '#7a82a8', ink: '#131a2d', lights: '#ffd690' },
  (S) => {
    const hz = 820, gt = mix('#e8c690', S.p.haze, 0.1);
    sky(S, hz); stars(S, 25, 260); crescent(S, 300, 170, 24, S.p.sun);
    layer(S, [stack(1160, hz, [[22, 10, 360], [10, 9, 60]]) + circ(1160, hz - 456, 38) + stack(1160, hz - 492, [[8, 6, 40], [5, 3, 60], [2, 1, 70]])], S.t(0.42));
    S.add(path(rect(1124, hz - 460, 72, 5), S.p.lights, op(0.8)), d`<circle cx="1160" cy="${hz - 662}" r="4" fill="#ff5a4a"/>`);
    layer(S, [skyline(S, { x0: 0, x1: W, base: hz, hMin: 30, hMax: 110, kinds: 'ffsg' })], S.t(0.36), { lights: 0.3 });
    halo(S, 760, 640, 420, gt, 0.25);
    let g = rect(440, 790, 640, 20) + rect(470, 545, 580, 40) + rect(560, 505, 400, 40) + d`M600 505L640 485H880L920 505Z` +
      d`M700 485V460H720V440L730 430L736 460H790V440L800 430L806 460H820V485Z` + rect(756, 396, 8, 64) + d`M744 410L760 396L776 410L760 420Z` + circ(760, 388, 6) +
      rect(370, 660, 90, 130) + rect(1060, 660, 90, 130) + rect(362, 650, 106, 12) + rect(1052, 650, 106, 12);
    for (let i = 0; i < 6; i++) g += rect(484 + i * 104, 585, 30, 205);
    solid(S, g, gt, 2000, 0);
    let sh = '';
    for (let i = 0; i < 6; i++) sh += rect(504 + i * 104, 585, 10, 205);
    S.add(path(sh, S.p.ink, op(0.2)));
    S.add(path(d`M0 810H1600V1000H0Z`, S.t(0.8)));
    S.add(`<path d="M760 810L200 1000M760 810L600 1000M760 810L920 1000M760 810L1320 1000" stroke="${S.p.haze}" stroke-width="2"${op(0.25)}/>`);
    S.add(path(canopy(S, 0, 340, 600, 34, 70, 830) + canopy(S, 1190, W, 620, 34, 70, 830), S.t(0.9)));
    for (const x of [300, 1220]) { S.add(path(rect(x - 3, 700, 6, 130), S.p.ink)); halo(S, x, 698, 30, S.p.lights, 0.8); }
  });

scene('san-antonio', 'Grand Hyatt San Antonio: the River Walk and the old mission facade',
  { sky: ['#474b84', '#df857b', '#f8c585'], sun: '#ffe5b4', haze: '#cd978b', ink: '#2a1f2f', sea: ['#9c7a70', '#2d3434'], lights: '#ffd08a' },
  (S) => {
    const hz = 700, st = mix('#e7c59c', S.p.haze, 0.15);
    sky(S, hz); sun(S, 360, 520, 36, { glow: 5 });
    layer(S, [stack(1260, hz, [[14, 10, 330]]) + stack(1260, hz - 330, [[20, 40, 18], [40, 40, 26], [40, 24, 16], [4, 1, 40]]), skyline(S, { x0: 840, x1: W, base: hz, hMin: 30, hMax: 150, peak: 1100, spread: 200 })], S.t(0.46), { lights: 0.25 });
    S.add(path(rect(1222, hz - 372, 76, 6), S.p.lights, op(0.9)));
    // the mission: curved parapet, arched door, pilasters
    const c = 600, b = 700;
    solid(S, rect(c - 180, b - 150, 360, 150) + d`M${c - 110} ${b - 150}C${c - 90} ${b - 150} ${c - 80} ${b - 176} ${c - 60} ${b - 190}C${c - 40} ${b - 204} ${c - 30} ${b - 218} ${c} ${b - 220}C${c + 30} ${b - 218} ${c + 40} ${b - 204} ${c + 60} ${b - 190}C${c + 80} ${b - 176} ${c + 90} ${b - 150} ${c + 110} ${b - 150}Z` + rect(c - 190, b - 156, 380, 8), st, c + 120, 0.14);
    S.add(path(arch(c - 26, b, 52, 90) + arch(c - 14, b - 110, 28, 34) + arch(c - 130, b - 30, 26, 60) + arch(c + 104, b - 30, 26, 60), S.t(0.75)));
    S.add(path(rect(c - 64, b - 120, 8, 120) + rect(c + 56, b - 120, 8, 120) + rect(c - 160, b - 120, 8, 120) + rect(c + 152, b - 120, 8, 120), S.p.ink, op(0.12)));
    S.add(path(canopy(S, 0, 380, 560, 40, 80, 800) + canopy(S, 1080, W, 600, 40, 80, 800), S.t(0.8)));
    S.add(path(d`M0 ${hz}H1600V780H0Z`, S.t(0.7)));
    sea(S, 780);
    // stone footbridge with a single arch, and café parasols on the bank
    const bid = S.uid('v');
    S.add(`<g id="${bid}">${path(d`M280 760H1020V840H920Q650 720 380 840H280Z` + rect(270, 748, 760, 14), mix(st, S.p.ink, 0.3))}</g>`);
    reflect(S, [[bid]], 840, 0.3, 150);
    ripples(S, 850, H, 30, S.p.sky[2], 0.3);
    ripples(S, 850, H, 16, S.p.lights, 0.4);
    for (const [x, c2] of [[1160, '#d9534f'], [1280, '#2f9c95'], [1400, '#e8a33d'], [1520, '#d9534f']]) S.add(path(d`M${x - 44} 770A44 22 0 0 1 ${x + 44} 770Z` + rect(x - 2, 770, 4, 20), c2));
    S.add(path(canopy(S, 0, 260, 820, 40, 70) + canopy(S, 1420, W, 860, 40, 70), S.p.ink));
  });

// ---------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------

/** Writes every registered scene (hotels/<id>.svg, home-hero.svg) and reports sizes. */
function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const out = process.argv[2] || join(root, 'content', 'images');
  mkdirSync(join(out, 'hotels'), { recursive: true });
  let bad = 0;
  for (const id of Object.keys(SCENES)) {
    const svg = render(id), file = id === 'home-hero' ? join(out, 'home-hero.svg') : join(out, 'hotels', `${id}.svg`);
    writeFileSync(file, svg);
    const n = Buffer.byteLength(svg);
    if (n > MAX_BYTES) bad++;
    console.log(`${n > MAX_BYTES ? '!' : ' '} ${String(n).padStart(5)}  ${file.slice(out.length + 1)}`);
  }
  if (bad) { console.error(`${bad} file(s) exceed ${MAX_BYTES} bytes`); process.exitCode = 1; }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
