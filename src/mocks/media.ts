/**
 * The mock's sample pictures: avatars, banners, the blog image and one file that is not an image (so
 * the fallback shows). The files are in src/mocks/media/. The dev server and the preview build serve
 * them at `mock-media/` next to index.html (build/mock-media-plugin.ts), and the HTTP mock serves them
 * from its own origin, so showing a mock picture never takes the browser off the machine.
 * The database stores absolute http(s) URLs, as a real server does. Each entry point sets the base
 * when it creates its database.
 */
export const MOCK_MEDIA_PATH = 'mock-media/';

export const MOCK_MEDIA_FILES = [
  'ada.svg',
  'bram.svg',
  'dalia.svg',
  'banner-engine.svg',
  'banner-notebook.svg',
  'banner-nile.svg',
  'blog-draft-4.svg',
  'broken-avatar.png',
] as const;

export type MockMediaFile = (typeof MOCK_MEDIA_FILES)[number];

/** The absolute URL of a sample picture. */
export type MockMedia = (file: MockMediaFile) => string;

export function mockMedia(base: string): MockMedia {
  const folder = base.endsWith('/') ? base : `${base}/`;
  return (file) => new URL(file, folder).href;
}

/**
 * The folder next to the page (the browser worker, and jsdom in Vitest). Plain node has no page: the
 * HTTP mock passes its own address instead, and anything else gets a local address that serves nothing.
 */
export function defaultMockMediaBase(): string {
  const page = typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
  return new URL(MOCK_MEDIA_PATH, page).href;
}
