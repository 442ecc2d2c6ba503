import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import type { AppConfig } from '../lib/config';
import { ConfigContext } from '../lib/config-context';
import { AppRouter } from './router';

export function App({ config, queryClient }: { config: AppConfig; queryClient: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <ConfigContext.Provider value={config}>
        <QueryClientProvider client={queryClient}>
          <AppRouter />
        </QueryClientProvider>
      </ConfigContext.Provider>
    </I18nProvider>
  );
}
