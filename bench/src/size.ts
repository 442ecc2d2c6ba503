/**
 * Initial JS: the app's per route (scripts/check-size.mjs's measurement, the one `npm run size`
 * judges, in the bench's units) and the floor page's, measured the same way (gzip -9, brotli 11).
 */
import { measureFloorInitialJs, measureInitialJs, RATIO_GOAL, RATIO_LIMIT } from '../../scripts/check-size.mjs';

export { measureFloorInitialJs };

/** A chunk of check-size.mjs's report (plain JS: typed here). */
interface InitialJsChunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function measureSize(dist: string) {
  const report = measureInitialJs(dist);
  return {
    feedRatioLimit: RATIO_LIMIT,
    feedRatioGoal: RATIO_GOAL,
    perRoute: Object.fromEntries(
      Object.entries(report.perRoute).map(([route, r]) => [route, { gzipBytes: r.gzip, brotliBytes: r.brotli }]),
    ) as Record<string, { gzipBytes: number; brotliBytes: number }>,
    feedChunks: report.feedInitialJs.chunks.map((c: InitialJsChunk) => ({ file: c.file, rawBytes: c.raw, gzipBytes: c.gzip, brotliBytes: c.brotli })),
    mockCodeInInitialChunks: report.mockCodeInInitialChunks,
  };
}
