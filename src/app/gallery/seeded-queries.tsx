import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A QueryClient of the gallery's own, filled by `seed` before anything renders, so components
 * that read queries show sample data and never ask the network (nothing refetches: stale never,
 * no retry on mount).
 */
export function SeededQueries({ seed, children }: { seed: (client: QueryClient) => void; children: React.ReactNode }) {
  const [client] = useState(() => {
    const created = new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, refetchOnWindowFocus: false } },
    });
    seed(created);
    return created;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
