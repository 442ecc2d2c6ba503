import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MockPanel, type MockPanelProps } from './mock-panel';

/** The panel lives in its own root next to the app's, so it runs whatever the app's tree does. */
export function mountMockPanel(props: MockPanelProps): void {
  const host = document.createElement('div');
  host.id = 'mock-panel-root';
  document.body.append(host);
  createRoot(host).render(
    <StrictMode>
      <MockPanel {...props} />
    </StrictMode>,
  );
}
