/**
 * `npm run cpu -- <command> [args…]` (in bench/; Linux only: it reads /proc): runs the command in the
 * app's root and reports where the machine's CPU went while it ran. The suite's budget (issue 37) is
 * set by CPU on a 2-core machine, so "how long" is answered first by "how much work, and whose":
 *
 * - the whole machine, from /proc/stat around the command: wall seconds, busy CPU-seconds (user, nice,
 *   system, irq, softirq, steal) and idle ones (idle, iowait). Idle CPU-seconds are time a faster
 *   schedule could still use; busy ones are work only less work removes.
 * - per kind of process, from /proc/<pid>/stat sampled every half second (utime + stime, each
 *   process's last sample; CPU a process spent in the half second before it exited is missed):
 *   Chromium by its `--type` (renderer, gpu-process, the utility's sub-type: NetworkService …),
 *   Node by the tool it runs (playwright, vitest, eslint, tsc, vite), anything else by its name.
 *
 * Prints JSON to stdout; the command's own output goes to stderr. Exits with the command's status.
 * docs/performance.md has the figures it gave.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ROOT } from './builds';

/** The machine's busy and idle clock ticks so far: the first line of /proc/stat. */
export function parseProcStat(text: string): { busy: number; idle: number } {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no "cpu " line in /proc/stat');
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

/** utime + stime (clock ticks) from /proc/<pid>/stat: fields 14 and 15, counted after the `(comm)`, which may hold spaces. */
export function parsePidStat(text: string): number {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * A process's kind from its command line (/proc/<pid>/cmdline: NUL-separated, or one string with
 * spaces once Chromium has retitled the process).
 */
export function classify(cmdline: string): string {
  const args = cmdline.split(/[\0 ]+/).filter(Boolean);
  const line = args.join(' ');
  if (/chrom(e|ium)/i.test(args[0] ?? '') || /headless[_-]shell/.test(args[0] ?? '')) {
    const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
    if (!type) return 'chromium:browser';
    if (type === 'utility') {
      const sub = args.find((a) => a.startsWith('--utility-sub-type='))?.split('=')[1];
      return `chromium:utility:${sub?.split('.').pop() ?? '?'}`;
    }
    return `chromium:${type}`;
  }
  if (/(^|\/)(node|npm|npx)$/.test(args[0] ?? '') || /^(npm|npx) /.test(line)) {
    for (const tool of ['playwright', 'vitest', 'eslint', 'tsc', 'vite', 'tsx']) if (line.includes(tool)) return `node:${tool}`;
    return 'node:other';
  }
  return args[0]?.split('/').pop() ?? '?';
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

function readProcesses(): Map<number, { ticks: number; cmdline: string }> {
  const found = new Map<number, { ticks: number; cmdline: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ticks = parsePidStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      found.set(Number(name), { ticks, cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8') });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}

async function main([program, ...args]: string[]): Promise<void> {
  if (!program) throw new Error('usage: npm run cpu -- <command> [args…]');
  const command = [program, ...args];
  const before = parseProcStat(readFileSync('/proc/stat', 'utf8'));
  const started = Date.now();
  // What each process had used when first seen, if it was already running (not ours to count).
  const baseline = new Map<number, number>();
  for (const [pid, { ticks }] of readProcesses()) baseline.set(pid, ticks);
  // Each process's last sample, named by its latest command line: a zygote's child is retitled
  // (`--type=renderer`) only after it has forked, and an exiting process's line is empty.
  const last = new Map<number, { ticks: number; kind: string }>();
  const sample = () => {
    for (const [pid, { ticks, cmdline }] of readProcesses()) {
      if (pid === process.pid) continue;
      if (!baseline.has(pid)) baseline.set(pid, 0);
      last.set(pid, { ticks, kind: cmdline ? classify(cmdline) : (last.get(pid)?.kind ?? '?') });
    }
  };
  const timer = setInterval(sample, 500);
  const child = spawn(program, args, { cwd: ROOT, stdio: ['ignore', process.stderr, process.stderr] });
  const status = await new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  clearInterval(timer);
  const after = parseProcStat(readFileSync('/proc/stat', 'utf8'));
  const byKind = new Map<string, number>();
  for (const [pid, { ticks, kind }] of last) byKind.set(kind, (byKind.get(kind) ?? 0) + (ticks - (baseline.get(pid) ?? 0)));
  const round = (ticks: number) => Math.round(ticks / CLOCK_TICKS);
  const report = {
    command: command.join(' '),
    status,
    wallSeconds: Math.round((Date.now() - started) / 100) / 10,
    machine: { busyCpuSeconds: round(after.busy - before.busy), idleCpuSeconds: round(after.idle - before.idle) },
    byKind: Object.fromEntries([...byKind].filter(([, t]) => t >= CLOCK_TICKS / 2).sort((a, b) => b[1] - a[1]).map(([k, t]) => [k, round(t)])),
  };
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = status;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
