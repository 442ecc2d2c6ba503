/**
 * Which mock scenario runs, and what switching costs: pure functions over the page's query string
 * and Web Storage, so the rules are tested without a browser. `?scenario=` wins over the stored
 * choice; the stored choice (with the slider values) survives a reload; switching clears the app's
 * local state, keeping the API tokens (every signed-in account) only when the new scenario wants a signed-in person.
 */
import { DEFAULT_KNOBS, isScenarioName, SIGNED_OUT_SCENARIOS, type ScenarioKnobs, type ScenarioName } from './scenario-names';

export const SCENARIO_PARAM = 'scenario';
export const SCENARIO_STORAGE_KEY = 'social.mock-scenario.v1';
/** Every key the app and the mock keep in Web Storage starts with this (see src/features, src/lib). */
export const APP_STORAGE_PREFIX = 'social.';
/** entities/account/token-store.ts keeps the token in use under this key, in sessionStorage. */
export const TOKEN_STORAGE_KEY = 'social.api-token';
/** …and every signed-in account (with its token) under this one. */
export const ACCOUNTS_STORAGE_KEY = 'social.accounts';

export interface ScenarioSettings extends ScenarioKnobs {
  name: ScenarioName;
  /** Whether the floating panel is expanded. */
  panelOpen: boolean;
}

export const DEFAULT_SETTINGS: ScenarioSettings = { name: 'default', ...DEFAULT_KNOBS, panelOpen: false };

export interface ScenarioChoice {
  settings: ScenarioSettings;
  source: 'param' | 'stored' | 'default';
  /** The scenario differs from the one that ran last: local state must be cleared before the app reads it. */
  changed: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function numberOr(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? clamp(value, min, max) : fallback;
}

/** A stored entry, or null when missing, unreadable or naming an unknown scenario. */
export function parseStoredSettings(raw: string | null): ScenarioSettings | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (!isScenarioName(v.name)) return null;
  return {
    name: v.name,
    latencyMs: numberOr(v.latencyMs, DEFAULT_KNOBS.latencyMs, 0, 10_000),
    errorRate: numberOr(v.errorRate, DEFAULT_KNOBS.errorRate, 0, 1),
    panelOpen: v.panelOpen === true,
  };
}

/** The scenario named by `?scenario=` in a location.search string; unknown names count as absent. */
export function readScenarioParam(search: string): ScenarioName | null {
  const value = new URLSearchParams(search).get(SCENARIO_PARAM);
  return isScenarioName(value) ? value : null;
}

export function chooseScenario(search: string, stored: ScenarioSettings | null): ScenarioChoice {
  const param = readScenarioParam(search);
  const base = stored ?? DEFAULT_SETTINGS;
  const name = param ?? base.name;
  const source = param ? 'param' : stored ? 'stored' : 'default';
  // Nothing stored means the default ran last (or nothing did): opening the plain URL clears nothing.
  return { settings: { ...base, name }, source, changed: name !== base.name };
}

export function readSettings(storage: Storage): ScenarioSettings | null {
  try {
    return parseStoredSettings(storage.getItem(SCENARIO_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** False when storage refused the write (quota, privacy mode). */
export function writeSettings(storage: Storage, settings: ScenarioSettings): boolean {
  try {
    storage.setItem(SCENARIO_STORAGE_KEY, JSON.stringify(settings));
    return storage.getItem(SCENARIO_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function appKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(APP_STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Forgets the mock database and everything the app remembers (drafts, highest id, dismissed blog,
 * preferences, scroll positions, who is signed in) except the scenario choice, and the token when
 * `keepToken`. Returns how many entries went.
 */
export function clearMockLocalState(local: Storage, session: Storage, { keepToken }: { keepToken: boolean }): number {
  let removed = 0;
  const drop = (storage: Storage, keep: (key: string) => boolean) => {
    try {
      for (const key of appKeys(storage)) {
        if (keep(key)) continue;
        storage.removeItem(key);
        removed += 1;
      }
    } catch {
      // Storage unavailable: nothing was kept there either.
    }
  };
  drop(local, (key) => key === SCENARIO_STORAGE_KEY);
  drop(session, (key) => keepToken && (key === TOKEN_STORAGE_KEY || key === ACCOUNTS_STORAGE_KEY));
  return removed;
}

/**
 * At start: the scenario to run. When it differs from last time, the local state is cleared, and
 * `restart` says the page must load again: the app has already read its stores from storage;
 * `fresh`, that the scenario starts from its own local state.
 * (A restart finds the choice stored, so it never loops; a refused write never restarts.)
 */
export function beginScenario(
  search: string,
  local: Storage,
  session: Storage,
): { settings: ScenarioSettings; restart: boolean; fresh: boolean } {
  const choice = chooseScenario(search, readSettings(local));
  const saved = writeSettings(local, choice.settings);
  if (!choice.changed) return { settings: choice.settings, restart: false, fresh: false };
  const removed = clearMockLocalState(local, session, { keepToken: !SIGNED_OUT_SCENARIOS.has(choice.settings.name) });
  // fresh: the local state was just cleared, for the scenario's own (Scenario.local) to be written.
  return { settings: choice.settings, restart: saved && removed > 0, fresh: true };
}

/**
 * Before loading the page again in `name` (the panel): store the choice and clear what it must not
 * inherit. The panel closes: the new scenario's page is what the designer switched to see.
 */
export function storeSwitch(current: ScenarioSettings, name: ScenarioName, local: Storage, session: Storage): void {
  writeSettings(local, { ...current, name, panelOpen: false });
  clearMockLocalState(local, session, { keepToken: !SIGNED_OUT_SCENARIOS.has(name) });
}

/** `href` with `?scenario=name` (other parameters and the #route kept). */
export function withScenarioParam(href: string, name: ScenarioName): string {
  const url = new URL(href);
  url.searchParams.set(SCENARIO_PARAM, name);
  return url.href;
}
