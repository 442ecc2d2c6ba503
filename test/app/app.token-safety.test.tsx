import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../support/mock-backend';
import { renderApp } from '../support/render-app';
import { logRequests } from '../support/request-log';

afterEach(() => cleanup());

const API_ORIGIN = new URL(TEST_API_BASE).origin;
const TOKEN = MOCK_TOKENS.ada;

function otherHostImages(): HTMLImageElement[] {
  return Array.from(document.querySelectorAll('img')).filter((img) => new URL(img.src).origin !== API_ORIGIN);
}

describe('the token goes to the API only', () => {
  it('is sent to the configured API origin and nowhere else, and never in a URL', async () => {
    const requests = logRequests();
    const images = new Set<string>();
    const noteImages = () => {
      for (const img of otherHostImages()) {
        // Other hosts never learn where the image is shown, nor anything about the session.
        expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
        expect(img.src).not.toContain(TOKEN);
        images.add(new URL(img.src).host);
      }
    };

    renderApp({ route: '/', token: TOKEN });
    // The blog image and the avatars are the mock's pictures, served next to the page: not the API's host.
    await screen.findByRole('complementary', { name: 'Latest from the blog' });
    noteImages();

    await act(async () => {
      window.location.hash = '#/post/1';
    });
    await screen.findByText(db.post(1)!.content);
    noteImages();

    await act(async () => {
      window.location.hash = `#/user/${MOCK_USER_IDS.ada}`;
    });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    noteImages();

    expect([...images]).toEqual([new URL(document.baseURI).host]);
    expect(requests.length).toBeGreaterThan(3);
    for (const request of requests) {
      expect(request.url.href).not.toContain(TOKEN);
      if (request.authorization !== null) {
        expect(request.url.origin).toBe(API_ORIGIN);
        expect(request.authorization).toBe(`Bearer ${TOKEN}`);
      }
    }
    // The one public endpoint does not get the token even when signed in.
    const blog = requests.filter((r) => r.url.pathname === '/v2/blog/latest');
    expect(blog.length).toBeGreaterThan(0);
    for (const request of blog) expect(request.authorization).toBeNull();
    // Everything else needs it and has it.
    for (const request of requests.filter((r) => r.url.pathname !== '/v2/blog/latest')) {
      expect(request.authorization).toBe(`Bearer ${TOKEN}`);
    }
  });
});
