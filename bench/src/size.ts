/** Initial JS per route, gzip and brotli: scripts/check-size.mjs's measurement, in the bench's units. */
import { FEED_INITIAL_JS_BUDGET_GZIP, measureInitialJs } from './shared.mjs';

export function measureSize(dist: string) {
  const report = measureInitialJs(dist);
  return {
    feedBudgetGzipBytes: FEED_INITIAL_JS_BUDGET_GZIP,
    perRoute: Object.fromEntries(
      Object.entries(report.perRoute).map(([route, r]) => [route, { gzipBytes: r.gzip, brotliBytes: r.brotli }]),
    ) as Record<string, { gzipBytes: number; brotliBytes: number }>,
    feedChunks: report.feedInitialJs.chunks.map((c) => ({ file: c.file, rawBytes: c.raw, gzipBytes: c.gzip, brotliBytes: c.brotli })),
    mockCodeInInitialChunks: report.mockCodeInInitialChunks,
  };
}
