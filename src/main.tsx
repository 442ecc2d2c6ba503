import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigErrorScreen } from './app/config-error';
import { createAppQueryClient } from './app/create-app-query-client';
import { tokenStore } from './features/auth/token-store';
import { configureApi } from './lib/api/client';
import { restrictConnections } from './lib/csp';
import { ConfigError, loadConfig } from './lib/config';
import './styles.css';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await loadConfig({ isDev: import.meta.env.DEV });
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : 'config.json could not be read.';
    root.render(<ConfigErrorScreen message={message} />);
    return;
  }
  if (config.mocks) {
    // A separate chunk, fetched only when mocks are on: no mock code in the production path.
    const { startBrowserMocks } = await import('./mocks/browser');
    await startBrowserMocks({ baseUrl: new URL(config.apiBaseUrl, document.baseURI).href.replace(/\/+$/, '') });
  }
  if (import.meta.env.PROD) restrictConnections(config.apiBaseUrl);
  configureApi({ baseUrl: config.apiBaseUrl, getToken: tokenStore.getToken });
  const queryClient = createAppQueryClient();
  root.render(
    <StrictMode>
      <App config={config} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start();
