import { Suspense } from 'react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { LoadingState } from '../components/ui/states';
import { Layout } from './layout';
import { RequireSignIn } from './require-sign-in';
import { LaterRoutes, ThreadRoute } from './route-modules';
import { HomeRoute } from './routes/home';
import { SignInRoute } from './routes/sign-in';

/** A page's element: its loading state while its code arrives; behind the sign-in check where it needs a token. */
export function page(node: React.ReactNode, signIn = false) {
  const content = <Suspense fallback={<LoadingState />}>{node}</Suspense>;
  return signIn ? <RequireSignIn>{content}</RequireSignIn> : content;
}

/**
 * Hash-based routes: dist/ works on any static server, from any sub-path, with deep links and
 * reloads and no rewrite rules. Declarative routes cost 13 KB gzip against the data router's 29.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomeRoute />} />
          <Route path="sign-in" element={<SignInRoute />} />
          <Route path="post/:id" element={page(<ThreadRoute />, true)} />
          {/* Every other page: their routes load on demand (later-routes.tsx). */}
          <Route path="*" element={page(<LaterRoutes />)} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
