import { describe, expect, it } from 'vitest';
import { checkApiFloorRun, summarise, type LighthouseRun } from '../src/scenarios/lighthouse';

const run = (lcpElement: string | null): LighthouseRun => ({
  performanceScore: 97,
  fcpMs: 1375,
  lcpMs: 1528,
  totalBlockingTimeMs: 0,
  cumulativeLayoutShift: 0,
  speedIndexMs: 1375,
  lcpElement,
});

describe('the floor page that asks the API', () => {
  it("counts a run only when its largest paint is the post it read", () => {
    expect(checkApiFloorRun(run('div#root > main > article > p.post-content'))).toMatchObject({ performanceScore: 97, lcpMs: 1528 });
    // Its heading, or the error shown when the GET failed or its answer did not parse: not a floor.
    for (const element of ['body > div#root > header > h1', 'body > div#root > main > p', null]) {
      expect(checkApiFloorRun(run(element))).toMatchObject({ performanceScore: null, error: expect.stringMatching(/largest paint was not its post/) });
    }
  });
});

describe("a page's figures", () => {
  it('name the largest paint of the run whose score is the median', () => {
    const runs = [
      { ...run('article.post-card > p.post-meta'), performanceScore: 93 },
      { ...run('article.post-card > p.post-content'), performanceScore: 94 },
      { ...run('div#root > main > p'), performanceScore: 96 },
    ];
    expect(summarise(runs)).toMatchObject({ performanceScore: 94, lcpElement: 'article.post-card > p.post-content' });
    expect(summarise([{ ...run(null), performanceScore: 94 }])).not.toHaveProperty('lcpElement');
  });
});
