/**
 * The mock backend in the browser: a service worker answers `${baseUrl}/v2/...` from an
 * in-memory database that survives reloads through localStorage, in the scenario chosen by
 * `?scenario=` or the mock panel. Loaded only when mocks are on (app/start.tsx imports it lazily).
 */
import { setupWorker } from 'msw/browser';
import type { SetupWorker } from 'msw/browser';
import { createMockDb } from './db';
import type { MockDb } from './db';
import { MOCK_MEDIA_PATH } from './media';
import { mountMockPanel } from './panel/mount-mock-panel';
import { loadPersistedDb, persistDb } from './persistence';
import { beginScenario, storeSwitch, withScenarioParam, writeSettings, type ScenarioSettings } from './scenario-choice';
import type { ScenarioName } from './scenario-names';
import { BROWSER_LATENCY_MS, SCENARIOS, scenarioHandlers } from './scenarios';

export interface StartBrowserMocksOptions {
  /** Absolute, or relative to document.baseURI ('./mock-api'). */
  baseUrl: string;
  /** Latency of scenarios that set none. */
  latencyMs?: number;
  /** The floating scenario panel; on by default. */
  panel?: boolean;
}

export interface BrowserMocks {
  worker: SetupWorker;
  db: MockDb;
  scenario: ScenarioName;
}

let active: (BrowserMocks & { stopPersisting: () => void }) | null = null;
let settings: ScenarioSettings | null = null;

export async function startBrowserMocks({
  baseUrl,
  latencyMs = BROWSER_LATENCY_MS,
  panel = true,
}: StartBrowserMocksOptions): Promise<BrowserMocks> {
  if (active) return active;
  const local = window.localStorage;
  const begun = beginScenario(window.location.search, local, window.sessionStorage);
  // A scenario that has just begun (from the address or the panel) starts from its local state.
  if (begun.fresh) writeScenarioLocalState(begun.settings.name, local);
  if (begun.restart) {
    window.location.reload();
    return new Promise<never>(() => {});
  }
  settings = begun.settings;
  const scenario = SCENARIOS[begun.settings.name];

  // The sample pictures sit next to index.html, under whatever sub-path the page is served from.
  const db = createMockDb({ seed: scenario.seed, mediaBase: new URL(MOCK_MEDIA_PATH, document.baseURI).href });
  loadPersistedDb(db, local);
  const stopPersisting = persistDb(db, local);
  const knobs = () => settings ?? begun.settings;
  const worker = setupWorker(...scenarioHandlers(scenario, { baseUrl, db, knobs, baseLatencyMs: latencyMs }));
  window.addEventListener('unhandledrejection', ignoreFailedWorkerUpdate);
  await worker.start({
    // Next to index.html, wherever that is: the app may be served from a sub-path.
    serviceWorker: { url: new URL('mockServiceWorker.js', document.baseURI).href },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  active = { worker, db, scenario: begun.settings.name, stopPersisting };
  if (panel) {
    mountMockPanel({
      settings: begun.settings,
      onChange: updateSettings,
      onSwitch: switchScenario,
      onReset: () => switchScenario(begun.settings.name),
    });
  }
  return active;
}

/**
 * MSW asks the browser to check its registered worker for a newer script each time it starts, and
 * leaves that check's promise unhandled (msw/browser, getWorkerInstance: `registration.update()`).
 * A failed check changes nothing, since the registered worker goes on answering, so it is not
 * reported as an error of the page. Every other rejection is left alone.
 */
export function ignoreFailedWorkerUpdate(event: Pick<PromiseRejectionEvent, 'reason' | 'preventDefault'>): void {
  const reason: unknown = event.reason;
  // A DOMException: an Error in browsers, not in every test environment.
  const message = typeof reason === 'object' && reason !== null && 'message' in reason ? String(reason.message) : '';
  if (message.startsWith('Failed to update a ServiceWorker') && message.includes('mockServiceWorker.js')) event.preventDefault();
}

/** Slider values and the panel's open state: stored, and read by the handlers on the next request. */
function updateSettings(patch: Partial<Omit<ScenarioSettings, 'name'>>): void {
  if (!settings) return;
  settings = { ...settings, ...patch };
  writeSettings(window.localStorage, settings);
}

/**
 * What the scenario keeps in localStorage for the app (Scenario.local), from its seed; written when it
 * begins (after the app's local state was cleared), so what the person does afterwards stays. A refused
 * write is left out.
 */
function writeScenarioLocalState(name: ScenarioName, local: Storage): void {
  const scenario = SCENARIOS[name];
  if (!scenario.local) return;
  const seed = createMockDb({ seed: scenario.seed, mediaBase: new URL(MOCK_MEDIA_PATH, document.baseURI).href }).snapshot();
  for (const [key, value] of Object.entries(scenario.local(seed))) {
    try {
      local.setItem(key, value);
    } catch {
      // Storage unavailable: the scenario runs without it.
    }
  }
}

/**
 * Starts the page again in `name`, from that scenario's seed with the app's local state cleared
 * (the token is kept unless the scenario signs out). Switching to the current one is a reset.
 */
function switchScenario(name: ScenarioName): void {
  const current = settings;
  if (!current) return;
  // No write of the old database may land after the clearing.
  active?.stopPersisting();
  storeSwitch(current, name, window.localStorage, window.sessionStorage);
  writeScenarioLocalState(name, window.localStorage);
  window.history.replaceState(window.history.state, '', withScenarioParam(window.location.href, name));
  window.location.reload();
}
