/**
 * The floor that must ask the API: the fastest a page built from the app's own libraries can show a
 * post it has to fetch. React, TanStack Query, React Router (declarative, HashRouter as in the app)
 * and zod/mini, as bench/floor/main.tsx; then, like any static client of the v2 API, it reads
 * config.json for the API's address and makes one authorized GET of a post whose id it already
 * knows (`?post=<id>`, default 75: the mock seed's newest), and shows that post's content as its
 * largest block. No id discovery, no second request: what a client could do if the API gave it the
 * newest id. The bench serves it as it serves the app (servers.ts: the API cross-origin, or behind
 * the page's origin), and reports the feed's Lighthouse LCP over this page's beside the bare floor's.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Link, Route, Routes } from 'react-router-dom';
import * as z from 'zod/mini';
import './floor-api.css';

/** Where the app keeps the token (src/entities/account/token-store.ts): the bench puts it there. */
const TOKEN_KEY = 'social.api-token';
const POST_ID = Number(new URLSearchParams(location.search).get('post')) || 75;

const configSchema = z.object({ apiBaseUrl: z.string() });
const postSchema = z.object({
  error: z.literal(false),
  // Ids and times come as strings or numbers (reading-the-spec.md), as the app accepts them.
  post: z.object({ id: z.union([z.string(), z.number()]), content: z.string(), date: z.union([z.string(), z.number()]) }),
  user: z.object({ username: z.string(), displayname: z.optional(z.nullable(z.string())) }),
});

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

async function readPost() {
  const config = configSchema.parse(await getJson('./config.json', { cache: 'no-store' }));
  const base = new URL(config.apiBaseUrl.replace(/\/?$/, '/'), location.href);
  const token = sessionStorage.getItem(TOKEN_KEY);
  const { post, user } = postSchema.parse(await getJson(new URL(`v2/post/${POST_ID}`, base).href, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
  return { ...post, author: user.displayname || user.username };
}

const queryClient = new QueryClient();
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function Post() {
  const { data, error } = useQuery({ queryKey: ['post', POST_ID], queryFn: readPost, staleTime: Infinity, retry: false });
  if (error) return <p role="alert">{error.message}</p>;
  if (!data) return <p aria-busy="true">Loading…</p>;
  return (
    <article data-post-id={data.id}>
      <div className="meta">
        <strong>{data.author}</strong> · <time>{dateFormat.format(Number(data.date) * 1000)}</time>
      </div>
      <p className="post-content">{data.content}</p>
      <Link to={`/post/${data.id}`}>Open thread</Link>
    </article>
  );
}

function Thread() {
  return <p>Threads are not part of the floor.</p>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HashRouter>
        <header>
          <h1>Social</h1>
        </header>
        <main>
          <Routes>
            <Route path="/" element={<Post />} />
            <Route path="/post/:id" element={<Thread />} />
          </Routes>
        </main>
      </HashRouter>
    </QueryClientProvider>
  </StrictMode>,
);
