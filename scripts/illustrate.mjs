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
const MAX_BYTES = 8 * 1024;

// ---------------------------------------------------------------------------------------------
// Numbers, randomness, colour
// ---------------------------------------------------------------------------------------------

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

const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));

/** Linear blend of two #rrggbb colours — the basis of the atmospheric-perspective tones. */
function mix(a, b, t) {
  const A = rgb(a), B = rgb(b);
  return '#' + A.map((v, i) => Math.round(v + (B[i] - v) * t).toString(16).padStart(2, '0')).join('');
}

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

const path = (dd, fill, extra = '') => `<path d="${dd}" fill="${fill}"${extra}/>`;
const op = (o) => ` opacity="${o}"`;

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
    `<stop offset=".35" stop-color="${color}" stop-opacity="${strength * 0.35}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`);
  S.add(d`<circle cx="${x}" cy="${y}" r="${r * glow}" fill="url(#g)"/><circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`);
}

/** Crescent moon: a disc with an offset sky-coloured bite. */
function crescent(S, x, y, r, color, bite) {
  S.add(d`<circle cx="${x}" cy="${y}" r="${r * 3}" fill="${color}" opacity=".08"/>`,
    path(d`M${x} ${y - r}A${r} ${r} 0 1 0 ${x} ${y + r}A${r * 0.8} ${r} 0 1 1 ${x} ${y - r}Z`, color));
  void bite;
}

/** Scattered stars for night skies (one path of tiny squares). */
function stars(S, n, yMax, color = '#fff') {
  let s = '';
  for (let i = 0; i < n; i++) {
    const z = S.r() < 0.2 ? 3 : 2;
    s += d`M${S.r(0, W)} ${S.r(0, yMax) ** 1 }h${z}v${z}h-${z}z`;
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
      for (let x = xa; x <= xb; x += 22) sp.push([x, snow + S.r(-12, 22) + (S.r() < 0.3 ? S.r(10, 45) : 0)]);
      sp.push([xb, 0]);
      inner += path(poly(sp), snowColor);
    }
  }
  if (shade) {
    let s = '';
    for (let i = 1; i < ctrl.length - 1; i++) {
      const [px, py] = ctrl[i];
      if (py < ctrl[i - 1][1] && py < ctrl[i + 1][1]) {
        const vx = ctrl[i + 1][0];
        const crest = ridge(S.rand, [[px, py], [px + (vx - px) * 0.3, base]], 0.25, 3);
        s += poly([[px, py - 300], ...crest, [vx, base], [vx, py - 300]]);
      }
    }
    if (s) inner += path(s, S.p.ink, op(shade));
  }
  S.add(`<use href="#${id}" fill="${fill}"/>` + (inner ? `<g clip-path="url(#c${id})">${inner}</g>` : ''));
  return id;
}

/** Bumpy canopy band (broadleaf trees, shrubs) from x0 to x1 around height y, closed to yb. */
function canopy(S, x0, x1, y, rMin, rMax, yb = H, jitter = 12) {
  let s = d`M${x0} ${yb}V${y}`, x = x0, cy = y;
  while (x < x1) {
    const r = S.r(rMin, rMax), ny = y + S.r(-jitter, jitter);
    s += d`A${r} ${r} 0 0 1 ${Math.min(x + r * 1.6, x1)} ${ny}`;
    x += r * 1.6; cy = ny;
  }
  void cy;
  return s + d`V${yb}Z`;
}

/** Conifer forest silhouette: overlapping pointed crowns along a (possibly sloping) ground line. */
function treeline(S, x0, x1, yAt, hMin, hMax, step = 16, yb = H) {
  const y = typeof yAt === 'function' ? yAt : () => yAt;
  const pts = [[x0, yb]];
  for (let x = x0; x <= x1; x += step * S.r(0.6, 1.2)) {
    const h = S.r(hMin, hMax), g = y(x);
    pts.push([x - step * 0.55, g - h * 0.2], [x - step * 0.2, g - h * 0.55], [x - step * 0.3, g - h * 0.55], [x, g - h], [x + step * 0.3, g - h * 0.55], [x + step * 0.2, g - h * 0.55], [x + step * 0.55, g - h * 0.2]);
  }
  pts.push([x1, yb]);
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

/** Small gliding-bird strokes. */
function birds(S, list, color, w = 2) {
  const s = list.map(([x, y, k]) => d`M${x - 9 * k} ${y - 3 * k}q${5 * k} -${3 * k} ${9 * k} ${3 * k}q${4 * k} -${6 * k} ${9 * k} -${3 * k}`).join('');
  S.add(`<path d="${s}" fill="none" stroke="${color}" stroke-width="${w}"/>`);
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

export { SCENES, render, mix, rng, seedOf };

/** Renders one registered scene to an SVG string. */
function render(id) {
  const { title, p, draw } = SCENES[id];
  const S = new Scene(id, title, p);
  draw(S);
  return S.svg();
}
