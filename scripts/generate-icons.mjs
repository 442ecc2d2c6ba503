#!/usr/bin/env node
// Draws the app's icons (public/icons/*.png) from the same shapes as public/favicon.svg: a blue
// rounded square with a white stroke and dot. No image tools needed: the shapes are rendered with
// signed distances (anti-aliased) and written as PNG with node:zlib.
//
//   node scripts/generate-icons.mjs    # rewrites public/icons/; commit the result
//
// "any" icons keep the rounded corners (transparent outside); the maskable one fills the whole
// square and draws the mark smaller, inside the central 80% circle that every mask keeps.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'public', 'icons');

// The favicon's geometry, on its 32-unit grid.
const GRID = 32;
const CORNER = 8;
const BLUE = [0x3b, 0x5b, 0xdb];
const WHITE = [0xff, 0xff, 0xff];
const STROKE = 3;
/** "M9 20c0-6 14-2 14-8": one cubic from (9,20) to (23,12). */
const CURVE = [
  [9, 20],
  [9, 14],
  [23, 18],
  [23, 12],
];
const DOT = [9, 12];

function cubicPoints([p0, p1, p2, p3], steps = 64) {
  const points = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    points.push([a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]]);
  }
  return points;
}
const POLYLINE = cubicPoints(CURVE);

function distanceToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Distance from a grid point to the mark (stroke centre line and dot), in grid units. */
function markDistance(x, y) {
  let best = Math.hypot(x - DOT[0], y - DOT[1]);
  for (let i = 1; i < POLYLINE.length; i += 1) best = Math.min(best, distanceToSegment(x, y, POLYLINE[i - 1], POLYLINE[i]));
  return best - STROKE / 2;
}

/** Signed distance to the rounded square (negative inside), in grid units. */
function squareDistance(x, y, corner) {
  const h = GRID / 2;
  const qx = Math.abs(x - h) - (h - corner);
  const qy = Math.abs(y - h) - (h - corner);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
}

const coverage = (distancePx) => Math.max(0, Math.min(1, 0.5 - distancePx));

function render(size, { maskable }) {
  const unit = size / GRID;
  const markScale = maskable ? 0.8 : 1;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const x = (px + 0.5) / unit;
      const y = (py + 0.5) / unit;
      const background = maskable ? 1 : coverage(squareDistance(x, y, CORNER) * unit);
      // The mark is scaled about the centre of the square.
      const mx = GRID / 2 + (x - GRID / 2) / markScale;
      const my = GRID / 2 + (y - GRID / 2) / markScale;
      const mark = coverage(markDistance(mx, my) * unit * markScale);
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = Math.round(BLUE[c] + (WHITE[c] - BLUE[c]) * mark);
      pixels[i + 3] = Math.round(255 * background);
    }
  }
  return encodePng(size, size, pixels);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** 8-bit RGBA, no interlace; every row with filter 0 (none): deflate does the rest. */
function encodePng(width, height, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and reads <link rel="apple-touch-icon">; it masks corners itself.
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

await mkdir(OUT, { recursive: true });
for (const icon of ICONS) {
  await writeFile(path.join(OUT, icon.file), render(icon.size, icon));
  console.log(`wrote public/icons/${icon.file} (${icon.size}x${icon.size}${icon.maskable ? ', full bleed' : ''})`);
}
