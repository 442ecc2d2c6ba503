import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { holdUntilFirstContent, whenFirstContent } from '../../src/lib/first-content';
import { lazyRoute, useLoadedAfterFirstContent } from '../../src/lib/lazy-route';

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
    await screen.findByRole('heading', { name: 'The page' });
    expect(attempts).toBe(2);
  });
});

describe('useLoadedAfterFirstContent', () => {
  afterEach(async () => {
    holdUntilFirstContent(Promise.resolve());
    await whenFirstContent(() => undefined);
  });

  it('asks for the code only once the first content is on screen, then is ready', async () => {
    let release = () => {};
    holdUntilFirstContent(new Promise<void>((resolve) => (release = resolve)));
    let asked = 0;
    const Part = lazyRoute(() => {
      asked += 1;
      return Promise.resolve(Page);
    });
    const { result } = renderHook(() => useLoadedAfterFirstContent(Part));
    await Promise.resolve();
    expect(result.current).toBe('loading');
    expect(asked).toBe(0);
    release();
    await waitFor(() => expect(result.current).toBe('ready'));
    expect(asked).toBe(1);
  });

  it('says failed when the code cannot be loaded (the blog banner is then absent)', async () => {
    const Part = lazyRoute(() => Promise.reject(new Error('offline')));
    const { result } = renderHook(() => useLoadedAfterFirstContent(Part));
    await waitFor(() => expect(result.current).toBe('failed'));
  });

  it('is ready at once for code already loaded', async () => {
    const Part = lazyRoute(() => Promise.resolve(Page));
    await Part.preload();
    const { result } = renderHook(() => useLoadedAfterFirstContent(Part));
    expect(result.current).toBe('ready');
  });
});
