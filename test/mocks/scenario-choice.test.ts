import { beforeEach, describe, expect, it } from 'vitest';
import {
  beginScenario,
  chooseScenario,
  clearMockLocalState,
  DEFAULT_SETTINGS,
  parseStoredSettings,
  readSettings,
  SCENARIO_STORAGE_KEY,
  storeSwitch,
  TOKEN_STORAGE_KEY,
  withScenarioParam,
  writeSettings,
  type ScenarioSettings,
} from '../../src/mocks/scenario-choice';

const stored = (fields: Partial<ScenarioSettings>): ScenarioSettings => ({ ...DEFAULT_SETTINGS, ...fields });

/** What the app keeps in the browser while a designer uses it. */
function seedAppState() {
  localStorage.setItem('social.mock-db.v1', '{}');
  localStorage.setItem('social.draft.new', '{"content":"hi"}');
  localStorage.setItem('social.highest-id', '75');
  localStorage.setItem('unrelated', 'kept');
  sessionStorage.setItem(TOKEN_STORAGE_KEY, 'tok-ada-lovelace');
  sessionStorage.setItem('social.own-uuid', 'ada\nuuid');
  sessionStorage.setItem('social.blog-dismissed', 'x');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('choosing the scenario', () => {
  it('takes ?scenario= over the stored choice', () => {
    const choice = chooseScenario('?scenario=empty', stored({ name: 'slow' }));
    expect(choice).toMatchObject({ source: 'param', changed: true, settings: { name: 'empty' } });
  });

  it('keeps the stored choice, with its slider values, when the URL names none', () => {
    const choice = chooseScenario('', stored({ name: 'slow', latencyMs: 3200, errorRate: 0.5 }));
    expect(choice).toMatchObject({ source: 'stored', changed: false });
    expect(choice.settings).toMatchObject({ name: 'slow', latencyMs: 3200, errorRate: 0.5 });
  });

  it('keeps the slider values when the URL switches the scenario', () => {
    const choice = chooseScenario('?scenario=flaky', stored({ name: 'slow', latencyMs: 3200, errorRate: 0.5 }));
    expect(choice.settings).toEqual({ ...DEFAULT_SETTINGS, name: 'flaky', latencyMs: 3200, errorRate: 0.5 });
  });

  it('runs the default when nothing is stored, and counts that as no change', () => {
    expect(chooseScenario('', null)).toEqual({ settings: DEFAULT_SETTINGS, source: 'default', changed: false });
    expect(chooseScenario('?scenario=default', null).changed).toBe(false);
    expect(chooseScenario('?scenario=hostile', null).changed).toBe(true);
  });

  it('ignores an unknown scenario name', () => {
    expect(chooseScenario('?scenario=nope', stored({ name: 'hostile' })).settings.name).toBe('hostile');
    expect(chooseScenario('?scenario=', null).settings.name).toBe('default');
  });

  it('is not a change when the URL names the scenario already running', () => {
    expect(chooseScenario('?scenario=slow&x=1', stored({ name: 'slow' })).changed).toBe(false);
  });
});

describe('the stored choice', () => {
  it('round-trips through storage', () => {
    const settings = stored({ name: 'flaky', errorRate: 0.45, panelOpen: true });
    expect(writeSettings(localStorage, settings)).toBe(true);
    expect(readSettings(localStorage)).toEqual(settings);
  });

  it('refuses garbage and unknown names, and clamps the sliders', () => {
    expect(parseStoredSettings('not json')).toBeNull();
    expect(parseStoredSettings('{"name":"gone"}')).toBeNull();
    expect(parseStoredSettings('{"name":"slow","latencyMs":-5,"errorRate":7}')).toEqual(
      stored({ name: 'slow', latencyMs: 0, errorRate: 1 }),
    );
    expect(parseStoredSettings('{"name":"slow","latencyMs":"fast"}')?.latencyMs).toBe(DEFAULT_SETTINGS.latencyMs);
  });
});

describe('resetting the local state', () => {
  it("clears the app's and the mock's entries but keeps the choice, the token and other sites' keys", () => {
    seedAppState();
    writeSettings(localStorage, stored({ name: 'slow' }));
    expect(clearMockLocalState(localStorage, sessionStorage, { keepToken: true })).toBe(5);
    expect(localStorage.getItem(SCENARIO_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(localStorage.getItem('social.draft.new')).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-ada-lovelace');
    expect(sessionStorage.getItem('social.own-uuid')).toBeNull();
  });

  it('drops the token too when asked', () => {
    seedAppState();
    clearMockLocalState(localStorage, sessionStorage, { keepToken: false });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('starting a scenario', () => {
  it('clears the old state and restarts when the URL names another scenario', () => {
    seedAppState();
    writeSettings(localStorage, stored({ name: 'default' }));
    expect(beginScenario('?scenario=empty', localStorage, sessionStorage)).toMatchObject({
      settings: { name: 'empty' },
      restart: true,
    });
    expect(localStorage.getItem('social.mock-db.v1')).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-ada-lovelace');
    // The restarted page finds the choice stored: it runs, it does not restart again.
    expect(beginScenario('?scenario=empty', localStorage, sessionStorage).restart).toBe(false);
  });

  it('signs out for first-visit', () => {
    seedAppState();
    beginScenario('?scenario=first-visit', localStorage, sessionStorage);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('social.highest-id')).toBeNull();
  });

  it('keeps everything on a plain reload', () => {
    seedAppState();
    writeSettings(localStorage, stored({ name: 'hostile' }));
    expect(beginScenario('', localStorage, sessionStorage)).toMatchObject({ settings: { name: 'hostile' }, restart: false });
    expect(localStorage.getItem('social.draft.new')).not.toBeNull();
  });

  it('needs no restart when there was nothing to clear', () => {
    expect(beginScenario('?scenario=slow', localStorage, sessionStorage)).toMatchObject({ restart: false });
    expect(readSettings(localStorage)?.name).toBe('slow');
  });
});

describe('switching from the panel', () => {
  it('stores the new choice with the sliders and clears the state; reset is a switch to the same one', () => {
    seedAppState();
    const current = stored({ name: 'slow', latencyMs: 2500 });
    storeSwitch(current, 'slow', localStorage, sessionStorage);
    expect(readSettings(localStorage)).toEqual(current);
    expect(localStorage.getItem('social.mock-db.v1')).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-ada-lovelace');
    // After the reload the URL and the store agree: nothing is cleared a second time.
    expect(beginScenario('?scenario=slow', localStorage, sessionStorage).restart).toBe(false);
  });

  it('closes the panel: the page switched to is what comes next, not the panel over it', () => {
    storeSwitch(stored({ name: 'default', panelOpen: true }), 'empty', localStorage, sessionStorage);
    expect(readSettings(localStorage)).toMatchObject({ name: 'empty', panelOpen: false });
  });

  it('puts the scenario in the query string and keeps the route', () => {
    expect(withScenarioParam('http://127.0.0.1/app/index.html?x=1#/post/78', 'long-threads')).toBe(
      'http://127.0.0.1/app/index.html?x=1&scenario=long-threads#/post/78',
    );
    expect(withScenarioParam('http://127.0.0.1/app/?scenario=slow#/', 'flaky')).toBe('http://127.0.0.1/app/?scenario=flaky#/');
  });
});
