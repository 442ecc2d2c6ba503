/**
 * The signed-out home's first screen as static markup, for the built index.html
 * (build/prerender-plugin.ts runs this on the server side of Vite at build time; no page imports
 * it). It is the app's own tree as its first commit shows a signed-out visitor the home, in English:
 * the layout, the blog banner's place held, the welcome, the sign-in form's loading lines.
 * test/e2e/prerender.spec.ts checks that the app's first render replaces it without a shift.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { Route, Router, Routes, type Navigator } from 'react-router-dom';
import { activateLocale } from '../i18n/i18n';
import { defaultConfig } from '../lib/config';
import { ConfigContext } from '../lib/config-context';
import { Layout } from './layout';
import { HomeRoute } from './routes/home';

/** Links as the app's HashRouter writes them (`#/settings`); nothing navigates at build time. */
const hashHrefs: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : (to.pathname ?? '/')}`,
  go: () => {},
  push: () => {},
  replace: () => {},
};

export async function renderSignedOutHome(): Promise<string> {
  await activateLocale('en');
  const queryClient = new QueryClient();
  return renderToStaticMarkup(
    <ConfigContext.Provider value={defaultConfig(false)}>
      <QueryClientProvider client={queryClient}>
        <Router location="/" navigator={hashHrefs}>
          <Routes>
            <Route element={<Layout />}>
              <Route index element={<HomeRoute />} />
            </Route>
          </Routes>
        </Router>
      </QueryClientProvider>
    </ConfigContext.Provider>,
  );
}
