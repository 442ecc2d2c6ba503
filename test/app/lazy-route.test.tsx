import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRoute } from '../../src/app/lazy-route';

function Page() {
  return <h1>The page</h1>;
}

describe('lazyRoute', () => {
  it('renders a preloaded page at once, without showing the fallback', async () => {
    const Route = lazyRoute(() => Promise.resolve(Page));
    await Route.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Route />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('suspends when not preloaded, then shows the page; a failed load can be tried again', async () => {
    let attempts = 0;
    const Route = lazyRoute(() => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Page)));
    await expect(Route.preload()).rejects.toThrow('offline');
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Route />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
