import { describe, expect, it } from 'vitest';
import { classify, parsePidStat, parseProcStat } from '../src/cpu-by-process';

describe('where the CPU went', () => {
  it('counts busy and idle ticks from /proc/stat as the suite figures do (iowait idle, steal busy)', () => {
    const text = 'cpu  100 5 30 900 20 1 2 7 0 0\ncpu0 50 2 15 450 10 0 1 3 0 0\nintr 1\n';
    expect(parseProcStat(text)).toEqual({ busy: 100 + 5 + 30 + 1 + 2 + 7, idle: 900 + 20 });
    expect(() => parseProcStat('intr 1\n')).toThrow(/cpu/);
  });

  it("reads a process's user and system ticks past a command name with spaces and parentheses", () => {
    const stat = '4242 (Chrome (IO) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 1234 56 0 0 20 0 9 0 777 0 0';
    expect(parsePidStat(stat)).toBe(1234 + 56);
  });

  it('names Chromium processes by type, Node ones by the tool they run', () => {
    expect(classify('/usr/lib/chromium/chromium-headless-shell --type=renderer --lang=en-GB')).toBe('chromium:renderer');
    expect(classify('/usr/lib/chromium/chromium-headless-shell\0--no-sandbox\0--remote-debugging-pipe\0')).toBe('chromium:browser');
    expect(classify('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService')).toBe('chromium:utility:NetworkService');
    expect(classify('/usr/bin/chromium --type=gpu-process')).toBe('chromium:gpu-process');
    expect(classify('node\0/work/app/node_modules/@playwright/test/cli.js\0test\0')).toBe('node:playwright');
    expect(classify('/usr/bin/node\0/work/app/node_modules/vitest/dist/workers/forks.js\0')).toBe('node:vitest');
    expect(classify('node\0/work/app/node_modules/.bin/tsc\0--noEmit\0')).toBe('node:tsc');
    expect(classify('node\0server.js\0')).toBe('node:other');
    expect(classify('/usr/sbin/nginx\0-p\0/tmp/x\0')).toBe('nginx');
  });
});
