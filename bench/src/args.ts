/** `npm run bench -- [--skip-build] [--iterations N] [--only a,b] [--idle-seconds N] [--lighthouse-runs N] [--lighthouse-pages a,b] [--lighthouse-save DIR] [--lighthouse-cpu N|host] [--lighthouse-throttling simulate|devtools] [--out FILE]` */

export const SCENARIOS = ['size', 'paint', 'first-post', 'thread', 'scroll', 'navigation', 'idle', 'lighthouse'] as const;
export type Scenario = (typeof SCENARIOS)[number];
export const LIGHTHOUSE_PAGES = ['floor', 'signIn', 'feed', 'feedSameOrigin'] as const;
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

/** Lighthouse's own simulated CPU slowdown (its mobile default), which issue 10's targets assume. */
export const DEFAULT_LIGHTHOUSE_CPU = 4;

/**
 * How Lighthouse slows the load down: 'simulate' (its default, which issue 10's targets assume) loads
 * the page at full speed and computes the slow 4G, 4× CPU figures from the trace (Lantern);
 * 'devtools' slows the real load itself (DevTools' network conditions and CPU throttling) and reports
 * what it saw.
 */
export const LIGHTHOUSE_THROTTLING = ['simulate', 'devtools'] as const;
export type LighthouseThrottling = (typeof LIGHTHOUSE_THROTTLING)[number];

export interface BenchArgs {
  skipBuild: boolean;
  /** Loads per median (paint, first post, thread). */
  iterations: number;
  only: ReadonlySet<Scenario>;
  /** The idle feed's counting window. */
  idleSeconds: number;
  /** Lighthouse runs per page (the figures are their medians). */
  lighthouseRuns: number;
  /** Where each Lighthouse run's full report (LHR JSON) is written, or null. */
  lighthouseSave: string | null;
  /** Which pages Lighthouse measures (all by default). */
  lighthousePages: ReadonlySet<LighthousePage>;
  /**
   * Lighthouse's simulated CPU slowdown: a number (4, Lighthouse's default, is what the targets were
   * set with), or 'host': the multiplier Lighthouse's calibration gives for this machine's
   * benchmark index, measured before the runs (docs/performance.md, "The host's CPU").
   */
  lighthouseCpu: number | 'host';
  /** Simulated (Lighthouse's default) or applied to the real load (DevTools throttling). */
  lighthouseThrottling: LighthouseThrottling;
  out: string;
  help: boolean;
}

/** The Lighthouse section's `settings` line: what the runs were, in words. */
export function lighthouseSettings(args: Pick<BenchArgs, 'lighthouseCpu' | 'lighthouseThrottling'>): string {
  const changed = [
    args.lighthouseCpu === DEFAULT_LIGHTHOUSE_CPU ? null : `the CPU slowdown (--lighthouse-cpu ${args.lighthouseCpu})`,
    args.lighthouseThrottling === 'simulate' ? null : 'the throttling (--lighthouse-throttling devtools)',
  ].filter((part): part is string => part !== null);
  const throttled = args.lighthouseThrottling === 'simulate' ? 'simulated throttling' : "DevTools' throttling of the real load";
  return `Lighthouse defaults${changed.length ? ` but ${changed.join(' and ')}` : ''}: mobile emulation, ${throttled}; performance category only; a fresh Chromium per run`;
}

export const USAGE = `Usage: npm run bench -- [options]
  --skip-build       use the existing dist/ instead of running \`npm run build\`
  --iterations N     loads per median for paint, first post and thread (default 5)
  --only a,b         run only these: ${SCENARIOS.join(', ')}
  --idle-seconds N   how long the idle feed's requests are counted (default 60; shorter windows are
                     scaled to a minute and undercount checks that run less often than the window)
  --lighthouse-runs N  Lighthouse runs per page, reported as medians (default 3)
  --lighthouse-save DIR  also write each Lighthouse run's full report there (<page>-<run>.json), to
                     open in the Lighthouse viewer or read its audits (bootup-time, long-tasks, ...),
                     with the simulation's paint graphs (.paint-graphs.json) and long tasks (.long-tasks.json)
  --lighthouse-pages a,b  only these Lighthouse pages: ${LIGHTHOUSE_PAGES.join(', ')} (default all)
  --lighthouse-cpu N|host  Lighthouse's simulated CPU slowdown (default 4, Lighthouse's own, which
                     assumes a 1500-2000 benchmark-index desktop); 'host': the multiplier Lighthouse's
                     calibration table gives for this machine's benchmark index, measured first
  --lighthouse-throttling simulate|devtools  simulate (default, Lighthouse's own: a fast load, slow
                     4G and the CPU slowdown computed from its trace) or devtools (the real load
                     slowed by DevTools' network conditions and CPU throttling, figures as observed)
  --out FILE         where to write the JSON report too (default bench-results/latest.json)
The JSON report goes to stdout, progress to stderr.`;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {
    skipBuild: false,
    iterations: 5,
    only: new Set(SCENARIOS),
    idleSeconds: 60,
    lighthouseRuns: 3,
    lighthouseSave: null,
    lighthousePages: new Set(LIGHTHOUSE_PAGES),
    lighthouseCpu: DEFAULT_LIGHTHOUSE_CPU,
    lighthouseThrottling: 'simulate',
    out: 'bench-results/latest.json',
    help: false,
  };
  const positive = (flag: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--skip-build':
        args.skipBuild = true;
        break;
      case '--iterations':
        args.iterations = positive(flag, value());
        break;
      case '--idle-seconds':
        args.idleSeconds = positive(flag, value());
        break;
      case '--lighthouse-runs':
        args.lighthouseRuns = positive(flag, value());
        break;
      case '--only': {
        const names = value().split(',').map((s) => s.trim()).filter(Boolean);
        const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
        if (unknown.length) throw new Error(`unknown scenario(s): ${unknown.join(', ')} (known: ${SCENARIOS.join(', ')})`);
        args.only = new Set(names as Scenario[]);
        break;
      }
      case '--lighthouse-pages': {
        const names = value().split(',').map((s) => s.trim()).filter(Boolean);
        const unknown = names.filter((n) => !(LIGHTHOUSE_PAGES as readonly string[]).includes(n));
        if (unknown.length) throw new Error(`unknown Lighthouse page(s): ${unknown.join(', ')} (known: ${LIGHTHOUSE_PAGES.join(', ')})`);
        args.lighthousePages = new Set(names as LighthousePage[]);
        break;
      }
      case '--lighthouse-cpu': {
        const v = value();
        if (v === 'host') args.lighthouseCpu = 'host';
        else {
          const n = Number(v);
          if (!Number.isFinite(n) || n < 1 || n > 20) throw new Error(`--lighthouse-cpu must be 'host' or a number from 1 to 20`);
          args.lighthouseCpu = n;
        }
        break;
      }
      case '--lighthouse-throttling': {
        const v = value();
        if (!(LIGHTHOUSE_THROTTLING as readonly string[]).includes(v)) throw new Error(`--lighthouse-throttling must be ${LIGHTHOUSE_THROTTLING.join(' or ')}`);
        args.lighthouseThrottling = v as LighthouseThrottling;
        break;
      }
      case '--lighthouse-save':
        args.lighthouseSave = value();
        break;
      case '--out':
        args.out = value();
        break;
      case '-h':
      case '--help':
        args.help = true;
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  }
  return args;
}
