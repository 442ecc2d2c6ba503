/**
 * The floor: the fastest a page built from the app's own libraries can be. React, TanStack Query,
 * React Router (declarative, HashRouter as in the app) and zod/mini, rendering one static list of 20
 * fake posts: no config.json, no API, no lazy routes. The bench measures it beside the app in the
 * same run, so the app's paint figures can be read as ratios to it (docs/performance.md).
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Link, Route, Routes } from 'react-router-dom';
import * as z from 'zod/mini';
import './floor.css';

const postSchema = z.object({
  id: z.number(),
  author: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
type Post = z.infer<typeof postSchema>;

const SENTENCE = 'The engine might act upon other things besides number, were objects found whose mutual relations could be expressed.';

/** Validated as the app validates what the API sends, so zod/mini really runs. */
const POSTS: Post[] = z.array(postSchema).parse(
  Array.from({ length: 20 }, (_, i) => ({
    id: 75 - i,
    author: ['Ada Lovelace', 'Bram Stoker', 'Chen Wei', 'Dalia N.'][i % 4],
    content: i % 3 === 0 ? `${SENTENCE} ${SENTENCE}` : SENTENCE,
    createdAt: new Date(Date.UTC(2026, 10, 22, 12, 0) - i * 3_600_000).toISOString(),
  })),
);

const queryClient = new QueryClient();
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function Feed() {
  const { data } = useQuery({ queryKey: ['posts'], queryFn: () => POSTS, initialData: POSTS, staleTime: Infinity });
  return (
    <ol aria-label="Posts">
      {data.map((post) => (
        <li key={post.id}>
          <article data-post-id={post.id}>
            <div className="meta">
              <strong>{post.author}</strong> · <time dateTime={post.createdAt}>{dateFormat.format(new Date(post.createdAt))}</time>
            </div>
            <p>{post.content}</p>
            <Link to={`/post/${post.id}`}>Open thread</Link>
          </article>
        </li>
      ))}
    </ol>
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
            <Route path="/" element={<Feed />} />
            <Route path="/post/:id" element={<Thread />} />
          </Routes>
        </main>
      </HashRouter>
    </QueryClientProvider>
  </StrictMode>,
);
