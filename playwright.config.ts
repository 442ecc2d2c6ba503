/**
 * The real-browser journeys (test/e2e/*.spec.ts) on @playwright/test, in Debian's Chromium.
 *
 * They drive the built app: `npm run build` (dist/) and `npm run build:preview` (dist-preview/) must
 * have run; `npm test` does both. Each worker starts its own mock v2 API over HTTP and its own static
 * host for dist/ (test/e2e/fixtures.ts), so files run side by side without sharing mock state.
 *
 *   npx playwright test                      everything
 *   npx playwright test reading              files whose name contains "reading"
 *   npx playwright test -g "deep link"       tests whose title matches
 *   npx playwright show-trace test-results/<test>/trace.zip   what a failed test saw
 *
 * The browser: Debian's old headless shell (`apt-get install -y chromium-headless-shell`, the same
 * Chromium release without the browser's UI layers; Playwright's own default for headless runs) when it
 * is installed, else /usr/bin/chromium. The shell ran the 165 journeys in 446 s against the full
 * browser's 627 s on this 2-core machine, every one passing on both (issue 37).
 * CHROMIUM_PATH overrides the browser; E2E_WORKERS the number of workers;
 * E2E_OUTPUT_DIR where failures' traces and screenshots go (default test-results/); E2E_DRAFT_ONLY=1
 * runs every journey against a mock that answers only what Draft 4 lists (no parent_id in get-post);
 * E2E_LATENCY_MS=150 against a mock whose every answer takes that long.
 * No retries: a test that fails only sometimes is a defect to find.
 */
import { accessSync, constants } from 'node:fs';
import { defineConfig } from '@playwright/test';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find(executable) || '/usr/bin/chromium';

if (!executable(CHROMIUM_PATH)) {
  throw new Error(
    `Chromium was not found at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu, as root): ` +
      'apt-get update && apt-get install -y chromium chromium-headless-shell — or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
}

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  // Traces and screenshots of failures; E2E_OUTPUT_DIR keeps two runs on one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  // Files run side by side, one worker per core; the tests of one file run in order (they share its
  // mock state, reset at the file's start).
  // Three on this 2-core machine: a journey waits on the network and on timers for part of its time,
  // and with two workers a sixth of the machine idled (69 of 425 CPU-s); with three, 14–16 of 370
  // and the 166 journeys took 186–196 s against 215 s (issue 37). Each worker has its own mock API
  // and static host, so a third costs only its browser.
  workers: Number(process.env.E2E_WORKERS) || 3,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['junit', { outputFile: 'test-results/junit.xml' }]] : [['list']],
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Without the background-networking flags Chromium keeps dialling Google's hosts, which this
      // machine's closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Nothing reaches another host: what is not this machine's goes to a proxy where nothing
        // listens (port 9), and fails at once; Chromium never proxies loopback (127.0.0.1, localhost,
        // [::1]). Refused here rather than by a route: any route makes Playwright pause every request
        // of the context for the test's process to match, and turns the HTTP cache off (issue 37).
        // support.ts's guard records what was refused.
        '--proxy-server=http://127.0.0.1:9',
      ],
    },
    // No service worker unless a file asks for one (`test.use({ serviceWorkers: 'allow' })`: pwa.spec,
    // preview.spec, blog.spec and nginx.spec, whose subjects include it). Installed, the app's worker
    // precaches the whole build in every new context, beside the journey: all 167 journeys, alternated,
    // took 385–394 CPU-s (197–206 s) with it and 312–341 (169–183 s) without (issue 37). The app still
    // runs its registration code: Playwright answers `register()` without installing anything.
    serviceWorkers: 'block',
    locale: 'en-GB',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    // A failed test's actions, network and console (and its screenshot, below). Not the DOM snapshot
    // of every action: they cost a tenth of the journeys' time (languages + reading: 103 s with them,
    // 86 s without); nor the filmstrip, which slowed every test by a quarter.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
  },
});
