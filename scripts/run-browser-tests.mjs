#!/usr/bin/env node
// Real-browser tests: build the app, serve dist/ statically next to the mock v2 API (over HTTP),
// and run test/browser/*.test.mjs (node:test + playwright-core + Debian's Chromium).
//
// Usage:
//   npm run test:browser                      # everything
//   npm run test:browser -- blog              # only test files whose name contains "blog"
//   npm run test:browser -- --test-name-pattern="latest blog"   # extra flags go to `node --test`
//
// Environment:
//   CHROMIUM_PATH   Chromium binary (default /usr/bin/chromium)
//   SKIP_BUILD=1    reuse the existing dist/ instead of running `npm run build`
//   SKIP_PREVIEW_BUILD=1  reuse the existing dist-preview/ (built with `npm run build:preview` whenever a
//                   selected test file is a preview test, whatever SKIP_BUILD says: `npm test` builds only dist/)
//   MOCK_LOG=1      echo the mock server's output as it happens (it is always shown on failure)
//   MOCK_LATENCY=MS pass --latency MS to the mock server
//
// The tests get APP_URL (dist/ served under /apps/social/, config.json -> the mock API),
// MOCK_API_URL (the mock API's base URL), DIST_DIR, PREVIEW_DIR (dist-preview/, the static preview with
// the in-browser mock) and CHROMIUM_PATH.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const PREVIEW_DIST = path.join(ROOT, 'dist-preview');
const TEST_DIR = path.join(ROOT, 'test', 'browser');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const MOCK_START_TIMEOUT_MS = 30_000;
const APP_BASE_PATH = '/apps/social/';
const IS_WINDOWS = process.platform === 'win32';

const started = Date.now();
const children = new Set();
/** Children started in their own process group (detached): signalled as a group. */
const groupLeaders = new WeakSet();
const cleanups = [];
let mockOutput = [];
let stopping = false;

function log(message) {
  console.log(`[browser-tests] ${message}`);
}

function fail(message, code = 1) {
  console.error(`[browser-tests] ERROR: ${message}`);
  process.exitCode = code;
  return code;
}

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

async function checkChromium() {
  try {
    await access(CHROMIUM_PATH, constants.X_OK);
    return true;
  } catch {
    fail(
      `Chromium was not found at ${CHROMIUM_PATH}.\n` +
        '  Install it (Debian/Ubuntu, as root): apt-get update && apt-get install -y chromium\n' +
        '  or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    );
    return false;
  }
}

/** Runs a command with inherited stdio; resolves to its exit code. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', shell: IS_WINDOWS, ...options });
    children.add(child);
    child.on('error', (error) => {
      console.error(`[browser-tests] could not start ${command}: ${error.message}`);
      children.delete(child);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1));
    });
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal];
}

function rememberMockOutput(chunk) {
  const lines = chunk.toString().split(/\r?\n/).filter(Boolean);
  mockOutput.push(...lines);
  if (mockOutput.length > 300) mockOutput = mockOutput.slice(-300);
  if (process.env.MOCK_LOG === '1') for (const line of lines) console.log(`[mock] ${line}`);
}

function printMockOutput(reason) {
  if (!mockOutput.length) return;
  console.error(`[browser-tests] mock server output (${reason}, last ${mockOutput.length} lines):`);
  for (const line of mockOutput) console.error(`  [mock] ${line}`);
}

/** Starts the mock v2 API server and resolves to its base URL once it prints "listening on". */
function startMockServer() {
  const tsx = path.join(ROOT, 'node_modules', '.bin', IS_WINDOWS ? 'tsx.cmd' : 'tsx');
  const args = ['scripts/mock-server.ts', '--port', '0'];
  if (process.env.MOCK_LATENCY) args.push('--latency', process.env.MOCK_LATENCY);
  const child = spawn(tsx, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so cleanup can stop tsx and the node process it spawns together.
    detached: !IS_WINDOWS,
    shell: IS_WINDOWS,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  children.add(child);
  if (!IS_WINDOWS) groupLeaders.add(child);
  child.on('exit', () => children.delete(child));

  return new Promise((resolve, reject) => {
    let settled = false;
    let pending = '';
    const finish = (error, url) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(url);
    };
    const onData = (chunk) => {
      rememberMockOutput(chunk);
      if (settled) return;
      pending += chunk.toString();
      const match = pending.match(/listening on (https?:\/\/[^\s]+)/i);
      if (match) {
        finish(null, match[1].replace(/\/+$/, ''));
        pending = '';
      } else if (pending.length > 64_000) {
        pending = pending.slice(-1000);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', (error) => finish(new Error(`could not start the mock server (${tsx}): ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (!settled) {
        finish(new Error(`the mock server exited before it was ready (code ${code}, signal ${signal})`));
      } else if (!stopping) {
        console.error(`[browser-tests] the mock server exited unexpectedly (code ${code}, signal ${signal})`);
        printMockOutput('it exited');
      }
    });
    const timer = setTimeout(
      () => finish(new Error(`the mock server did not print "listening on" within ${MOCK_START_TIMEOUT_MS / 1000} s`)),
      MOCK_START_TIMEOUT_MS,
    );
  });
}

function killChild(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    // A detached child leads its own process group: signal the whole group (tsx and its node).
    if (child.pid && groupLeaders.has(child)) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

async function cleanup() {
  stopping = true;
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`[browser-tests] cleanup: ${error.message}`);
    }
  }
  const alive = [...children];
  for (const child of alive) killChild(child, 'SIGTERM');
  await Promise.race([
    Promise.all(alive.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : new Promise((r) => child.once('exit', r))))),
    new Promise((r) => setTimeout(r, 3000).unref()),
  ]);
  for (const child of [...children]) killChild(child, 'SIGKILL');
}

async function findTestFiles(filters) {
  const entries = await readdir(TEST_DIR, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.mjs'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
  if (!filters.length) return files;
  return files.filter((file) => filters.some((filter) => file.includes(filter)));
}

function parseArgv(argv) {
  const filters = [];
  const nodeTestArgs = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('-')) {
      nodeTestArgs.push(arg);
      // `--flag value` form for the node --test options that take a value.
      if (!arg.includes('=') && /^--test-(name-pattern|skip-pattern|timeout|reporter|reporter-destination)$/.test(arg) && i + 1 < argv.length) {
        nodeTestArgs.push(argv[++i]);
      }
    } else {
      filters.push(arg);
    }
  }
  return { filters, nodeTestArgs };
}

async function main() {
  const { filters, nodeTestArgs } = parseArgv(process.argv.slice(2));

  if (!(await checkChromium())) return 1;

  const testFiles = await findTestFiles(filters);
  if (!testFiles.length) {
    return fail(`no test files in test/browser/ match ${filters.length ? filters.map((f) => `"${f}"`).join(', ') : '*.test.mjs'}`);
  }

  if (process.env.SKIP_BUILD === '1') {
    log('SKIP_BUILD=1: using the existing dist/');
  } else {
    log('building the app (npm run build)');
    const buildCode = await run(IS_WINDOWS ? 'npm.cmd' : 'npm', ['run', 'build']);
    if (buildCode !== 0) return fail(`npm run build failed (exit code ${buildCode})`, buildCode);
  }
  if (testFiles.some((file) => path.basename(file).startsWith('preview')) && process.env.SKIP_PREVIEW_BUILD !== '1') {
    log('building the designer preview (npm run build:preview)');
    const previewCode = await run(IS_WINDOWS ? 'npm.cmd' : 'npm', ['run', 'build:preview']);
    if (previewCode !== 0) return fail(`npm run build:preview failed (exit code ${previewCode})`, previewCode);
  }
  const index = await stat(path.join(DIST, 'index.html')).catch(() => null);
  if (!index?.isFile()) return fail('dist/index.html is missing: the build did not produce the app (or run without SKIP_BUILD=1)');

  log('starting the mock API server');
  let mockUrl;
  try {
    mockUrl = await startMockServer();
  } catch (error) {
    printMockOutput('startup failed');
    return fail(error.message);
  }
  log(`mock API: ${mockUrl}`);

  // Served under a sub-path, as on a real static host: proves the app needs no rewrites and uses
  // only relative URLs (base './').
  const staticServer = await startStaticServer({
    root: DIST,
    basePath: APP_BASE_PATH,
    overrides: { 'config.json': `${JSON.stringify({ apiBaseUrl: mockUrl, mocks: false }, null, 2)}\n` },
  });
  cleanups.push(() => staticServer.close());
  log(`app: ${staticServer.url} (config.json -> ${mockUrl})`);

  const nodeArgs = [
    '--test',
    '--test-concurrency=1',
    '--test-timeout=120000',
    ...(nodeTestArgs.some((arg) => arg.startsWith('--test-reporter')) ? [] : ['--test-reporter=spec']),
    ...nodeTestArgs,
    ...testFiles,
  ];
  log(`running: node ${nodeArgs.join(' ')}`);
  const code = await run(process.execPath, nodeArgs, {
    env: {
      ...process.env,
      APP_URL: staticServer.url,
      MOCK_API_URL: mockUrl,
      DIST_DIR: DIST,
      PREVIEW_DIR: PREVIEW_DIST,
      CHROMIUM_PATH,
    },
    shell: false,
  });
  if (code !== 0) printMockOutput('tests failed');
  log(`${code === 0 ? 'passed' : `FAILED (exit code ${code})`} in ${elapsed()}`);
  return code;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[browser-tests] ${signal}: stopping`);
    cleanup().finally(() => process.exit(128 + signalNumber(signal)));
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
