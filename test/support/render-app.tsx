import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { App } from '../../src/app/app';
import { firstScreenCommitted } from '../../src/app/boot-prefetch';
import { testQueryClient } from './query-client';
import { tokenStore } from '../../src/entities/account/token-store';
import { configureApi } from '../../src/lib/api/client';
import type { AppConfig } from '../../src/lib/config';
import { onlineStatus } from '../../src/lib/online-status';
import { TEST_API_BASE } from './mock-backend';

export interface RenderAppOptions {
  /** A hash route such as '/post/3'. */
  route?: string;
  /** Signed in with this token (see MOCK_TOKENS), or signed out when absent. */
  token?: string;
  config?: Partial<AppConfig>;
}

/**
 * As in app/start.tsx: tells the first-screen hold (app/boot-prefetch.ts) that the first screen is
 * committed. Without it, a sign-in that leads to a page other than the feed held the profile, the
 * ping and the blog for the hold's cap (2.5 s), as a page whose first screen never showed.
 */
function FirstScreenSignal() {
  useEffect(firstScreenCommitted, []);
  return null;
}

/** The whole app at a route, with a fresh QueryClient (retries off) against the MSW mock backend. */
export function renderApp({ route = '/', token, config }: RenderAppOptions = {}) {
  window.location.hash = `#${route}`;
  if (token) tokenStore.signIn(token);
  else tokenStore.signOutAll();
  configureApi({ baseUrl: TEST_API_BASE, getToken: tokenStore.getToken, timeoutMs: 2_000, isOnline: onlineStatus.isOnline, reached: onlineStatus.reached, recheck: onlineStatus.recheck });
  const queryClient = testQueryClient();
  const fullConfig: AppConfig = {
    apiBaseUrl: TEST_API_BASE,
    mocks: false,
    tokenApplicationUrl: 'https://social.example/apply',
    source: 'file',
    ...config,
  };
  const user = userEvent.setup();
  const result = render(
    <>
      <App config={fullConfig} queryClient={queryClient} />
      <FirstScreenSignal />
    </>,
  );
  return { ...result, user, queryClient };
}
