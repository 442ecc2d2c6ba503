// @vitest-environment node
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST, NAVIGATE_FALLBACK_DENYLIST, THEME_COLOR } from '../../build/pwa-plugin';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(file: string) {
  const bytes = await readFile(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('works under any sub-path and opens as an app', () => {
    expect(MANIFEST).toMatchObject({ name: 'Social', short_name: 'Social', start_url: './', scope: './', display: 'standalone', lang: 'en', dir: 'ltr' });
  });

  it('lists icons that exist, at the sizes they claim: 192, 512, a maskable 512 and an SVG', async () => {
    const icons = MANIFEST.icons ?? [];
    for (const icon of icons) {
      const file = path.join(ROOT, 'public', icon.src);
      if (icon.type === 'image/png') expect(await pngSize(file)).toBe(icon.sizes);
      else expect(await readFile(file, 'utf8')).toContain('<svg');
    }
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable', 'any any']);
  });

  it('has the colours index.html gives the browser for light and dark', async () => {
    const html = await readFile(path.join(ROOT, 'index.html'), 'utf8');
    expect(MANIFEST.theme_color).toBe(THEME_COLOR.light);
    expect(html).toContain(`<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLOR.light}" />`);
    expect(html).toContain(`<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLOR.dark}" />`);
  });
});

describe('which navigations the service worker answers with index.html', () => {
  const answered = (pathAndQuery: string) => !NAVIGATE_FALLBACK_DENYLIST.some((re) => re.test(pathAndQuery));

  it.each(['/', '/apps/social/', '/apps/social/index.html', '/apps/social/?scenario=a.b', '/apps/v1.2/social/'])('the app: %s', (p) =>
    expect(answered(p)).toBe(true),
  );
  it.each([
    '/v2/posts',
    '/apps/social/v2/post/3',
    '/v2?x=1',
    '/apps/social/config.json',
    '/apps/social/sw.js',
    '/apps/social/mockServiceWorker.js',
    '/apps/social/manifest.webmanifest',
    '/apps/social/assets/index-abc.js?v=1',
  ])('not the API or a file: %s', (p) => expect(answered(p)).toBe(false));
});
