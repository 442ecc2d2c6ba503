import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIOS, LIGHTHOUSE_PAGES, parseArgs, SCENARIOS } from '../src/args';

describe("the bench's arguments", () => {
  it('measure everything but the hour-long soak, Lighthouse three runs a page, unless told otherwise', () => {
    const args = parseArgs([]);
    expect([...args.only]).toEqual([...DEFAULT_SCENARIOS]);
    expect(SCENARIOS.filter((name) => !args.only.has(name))).toEqual(['soak']);
    expect([...args.lighthousePages]).toEqual([...LIGHTHOUSE_PAGES]);
    expect(args).toMatchObject({ skipBuild: false, iterations: 5, idleSeconds: 60, soakMinutes: 60, soakIntervalMinutes: 10, lighthouseRuns: 3, lighthouseSave: null, out: 'bench-results/latest.json' });
  });

  it("measure the first post on the seed's ids alone, or on the id layouts named (each once)", () => {
    expect(parseArgs([]).idLayouts).toEqual(['seed']);
    expect(parseArgs(['--id-layouts', 'seed, thousands,holes,thousands']).idLayouts).toEqual(['seed', 'thousands', 'holes']);
    expect(() => parseArgs(['--id-layouts', 'seed,sparse'])).toThrow(/unknown id layout\(s\): sparse/);
    expect(() => parseArgs(['--id-layouts', ','])).toThrow(/unknown id layout/);
  });

  it("serve Lighthouse's feed the seed's ids, or the id layout named", () => {
    expect(parseArgs([]).lighthouseIdLayout).toBe('seed');
    expect(parseArgs(['--lighthouse-id-layout=thousands']).lighthouseIdLayout).toBe('thousands');
    expect(() => parseArgs(['--lighthouse-id-layout', 'seed,holes'])).toThrow(/unknown id layout: seed,holes/);
  });

  it('take values in either spelling', () => {
    const args = parseArgs(['--skip-build', '--only', 'size,lighthouse', '--lighthouse-runs=5', '--lighthouse-pages', 'floor, feed', '--out=/tmp/r.json']);
    expect([...args.only]).toEqual(['size', 'lighthouse']);
    expect([...args.lighthousePages]).toEqual(['floor', 'feed']);
    expect(args).toMatchObject({ skipBuild: true, lighthouseRuns: 5, out: '/tmp/r.json' });
  });

  it('run the soak when named, for as long and as often as told', () => {
    const args = parseArgs(['--skip-build', '--only', 'soak', '--soak-minutes', '12', '--soak-interval-minutes=2']);
    expect([...args.only]).toEqual(['soak']);
    expect(args).toMatchObject({ soakMinutes: 12, soakIntervalMinutes: 2 });
    expect(() => parseArgs(['--soak-minutes', '0'])).toThrow(/--soak-minutes must be a positive integer/);
  });

  it('post at the soak\'s default rate and write no heap snapshots, unless told otherwise', () => {
    expect(parseArgs([])).toMatchObject({ soakPostsPerMinute: 6, soakHeapSnapshots: null });
    expect(parseArgs(['--soak-posts-per-minute', '30', '--soak-heap-snapshots=/tmp/snaps'])).toMatchObject({ soakPostsPerMinute: 30, soakHeapSnapshots: '/tmp/snaps' });
    expect(() => parseArgs(['--soak-posts-per-minute', '0'])).toThrow(/--soak-posts-per-minute must be a positive integer/);
    expect(() => parseArgs(['--soak-heap-snapshots'])).toThrow(/--soak-heap-snapshots needs a value/);
  });

  it('refuse unknown scenarios and pages, naming the known ones', () => {
    expect(() => parseArgs(['--only', 'paint,thread-time'])).toThrow(/unknown scenario\(s\): thread-time \(known: size, paint/);
    expect(() => parseArgs(['--lighthouse-pages', 'feed,home'])).toThrow(/unknown Lighthouse page\(s\): home \(known: floor, floorApi, floorApiSameOrigin, signIn, feed, feedSameOrigin\)/);
  });

  it('refuse counts that are not positive integers, and flags without their value', () => {
    for (const bad of ['0', '-1', '2.5', 'three']) expect(() => parseArgs(['--lighthouse-runs', bad])).toThrow(/--lighthouse-runs must be a positive integer/);
    expect(() => parseArgs(['--iterations'])).toThrow(/--iterations needs a value/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument: --fast/);
  });

  it("say that Lighthouse's CPU slowdown and throttling are no longer the bench's to change", () => {
    for (const flag of ['--lighthouse-cpu=host', '--lighthouse-throttling=devtools']) {
      expect(() => parseArgs([flag])).toThrow(/is gone: the bench reports Lighthouse's own figures, at its defaults/);
    }
  });
});
