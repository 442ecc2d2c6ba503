import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '../lib/config';
import { ConfigContext } from '../lib/config-context';
import { AppRouter } from './router';

export function App({ config, queryClient }: { config: AppConfig; queryClient: QueryClient }) {
  return (
    <ConfigContext.Provider value={config}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </ConfigContext.Provider>
  );
}
