/** `npm run bench -- [--skip-build] [--iterations N] [--only a,b] [--id-layouts a,b] [--idle-seconds N] [--soak-minutes N] [--soak-interval-minutes N] [--soak-posts-per-minute N] [--soak-heap-snapshots DIR] [--lighthouse-runs N] [--lighthouse-pages a,b] [--lighthouse-id-layout name] [--lighthouse-save DIR] [--out FILE]` */

export const SCENARIOS = ['size', 'paint', 'first-post', 'thread', 'scroll', 'navigation', 'idle', 'tabs', 'lighthouse', 'soak'] as const;
export type Scenario = (typeof SCENARIOS)[number];
/** What runs without --only: everything but the soak, which takes an hour (asked for by name). */
export const DEFAULT_SCENARIOS: readonly Scenario[] = SCENARIOS.filter((name) => name !== 'soak');
/** How the server's post ids lie (seed.ts, `idLayoutDb`): the first visit's head discovery differs with each. */
export const ID_LAYOUTS = ['seed', 'holes', 'thousands'] as const;
export type IdLayout = (typeof ID_LAYOUTS)[number];
export const LIGHTHOUSE_PAGES = ['floor', 'floorApi', 'floorApiSameOrigin', 'signIn', 'feed', 'feedSameOrigin'] as const;
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

export interface BenchArgs {
  skipBuild: boolean;
  /** Loads per median (paint, first post, thread). */
  iterations: number;
  only: ReadonlySet<Scenario>;
  /** The id layouts first-post measures (the seed's alone by default). */
  idLayouts: readonly IdLayout[];
  /** The idle feed's counting window (and each of the tabs scenario's two). */
  idleSeconds: number;
  /** How long the soak runs, and how often it samples (minutes). */
  soakMinutes: number;
  soakIntervalMinutes: number;
  /** How many posts the other account writes a minute during the soak (6 by default). */
  soakPostsPerMinute: number;
  /** Where the soak writes a heap snapshot at each sample (after GC), or null. */
  soakHeapSnapshots: string | null;
  /** Lighthouse runs per page (the figures are their medians). */
  lighthouseRuns: number;
  /** Where each Lighthouse run's full report (LHR JSON) is written, or null. */
  lighthouseSave: string | null;
  /** Which pages Lighthouse measures (all by default). */
  lighthousePages: ReadonlySet<LighthousePage>;
  /** The ids the feed's server holds for Lighthouse (the seed's by default). */
  lighthouseIdLayout: IdLayout;
  out: string;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --skip-build       use the existing dist/ instead of running \`npm run build\`
  --iterations N     loads per median for paint, first post and thread (default 5)
  --only a,b         run only these: ${SCENARIOS.join(', ')} (all but soak by default)
  --id-layouts a,b   first-post on each of these servers (default seed): seed (the fixtures, newest
                     post 75), holes (and post 90 past 14 deleted ids, 76-89: the narrowing pins 75,
                     the check above it finds 90), thousands (posts up to 3000)
  --idle-seconds N   how long the idle feed's requests are counted (default 60; shorter windows are
                     scaled to a minute and undercount checks that run less often than the window)
  --soak-minutes N   how long the soak runs (default 60: its budget compares minute 60 with minute 10)
  --soak-interval-minutes N  how often the soak samples heap, DOM nodes, listeners and requests
                     (default 10; also at minute 1 and at the end)
  --soak-posts-per-minute N  how many posts the other account writes a minute (default 6; a faster
                     rate, e.g. 30, fills the app's caps in a fifth of the time)
  --soak-heap-snapshots DIR  also write a heap snapshot (after GC) at each sample there
                     (minute-<m>.heapsnapshot; compare two with bench/src/heap-diff.ts)
  --lighthouse-runs N  Lighthouse runs per page, reported as medians (default 3; the budgets
                     are judged on 3 or more)
  --lighthouse-save DIR  also write each Lighthouse run's full report there (<page>-<run>.json), to
                     open in the Lighthouse viewer or read its audits (bootup-time, long-tasks, ...)
  --lighthouse-pages a,b  only these Lighthouse pages: ${LIGHTHOUSE_PAGES.join(', ')} (default all)
  --lighthouse-id-layout name  the feed's server on one of the id layouts above (default seed); the
                     API floor reads post 75, which each of them has
  --out FILE         where to write the JSON report too (default bench-results/latest.json)
The JSON report goes to stdout, progress to stderr.`;

export function parseArgs(argv: readonly string[]): BenchArgs {
  const args: BenchArgs = {
    skipBuild: false,
    iterations: 5,
    only: new Set(DEFAULT_SCENARIOS),
    idLayouts: ['seed'],
    idleSeconds: 60,
    soakMinutes: 60,
    soakIntervalMinutes: 10,
    soakPostsPerMinute: 6,
    soakHeapSnapshots: null,
    lighthouseRuns: 3,
    lighthouseSave: null,
    lighthousePages: new Set(LIGHTHOUSE_PAGES),
    lighthouseIdLayout: 'seed',
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
      case '--soak-minutes':
        args.soakMinutes = positive(flag, value());
        break;
      case '--soak-interval-minutes':
        args.soakIntervalMinutes = positive(flag, value());
        break;
      case '--soak-posts-per-minute':
        args.soakPostsPerMinute = positive(flag, value());
        break;
      case '--soak-heap-snapshots':
        args.soakHeapSnapshots = value();
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
      case '--id-layouts': {
        const names = [...new Set(value().split(',').map((s) => s.trim()).filter(Boolean))];
        const unknown = names.filter((n) => !(ID_LAYOUTS as readonly string[]).includes(n));
        if (unknown.length || !names.length) throw new Error(`unknown id layout(s): ${unknown.join(', ') || '(none)'} (known: ${ID_LAYOUTS.join(', ')})`);
        args.idLayouts = names as IdLayout[];
        break;
      }
      case '--lighthouse-id-layout': {
        const name = value().trim();
        if (!(ID_LAYOUTS as readonly string[]).includes(name)) throw new Error(`unknown id layout: ${name} (known: ${ID_LAYOUTS.join(', ')})`);
        args.lighthouseIdLayout = name as IdLayout;
        break;
      }
      case '--lighthouse-pages': {
        const names = value().split(',').map((s) => s.trim()).filter(Boolean);
        const unknown = names.filter((n) => !(LIGHTHOUSE_PAGES as readonly string[]).includes(n));
        if (unknown.length) throw new Error(`unknown Lighthouse page(s): ${unknown.join(', ')} (known: ${LIGHTHOUSE_PAGES.join(', ')})`);
        args.lighthousePages = new Set(names as LighthousePage[]);
        break;
      }
      case '--lighthouse-cpu':
      case '--lighthouse-throttling':
        throw new Error(`${flag} is gone: the bench reports Lighthouse's own figures, at its defaults (for a real load through a slow link: npm run shaped)`);
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
