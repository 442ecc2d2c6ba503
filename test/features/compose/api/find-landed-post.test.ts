import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureBaseline, findLandedPost } from '../../../../src/features/compose/api/find-landed-post';
import { configureApi } from '../../../../src/lib/api/client';
import type { UserSummary } from '../../../../src/lib/api/schemas';
import { withExtraAccount } from '../../../support/extra-account';
import { testQueryClient } from '../../../support/query-client';
import { db, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../../support/mock-backend';

const TEXT = 'Did this one make it?';
/** Another account whose username differs from ada's only in case: the spec does not rule it out. */
const CAPITAL_ADA = { uuid: 'uuid-cap-ada', token: 'tok-cap-ada', username: 'Ada' };

const ada = (uuid = ''): UserSummary => ({ uuid, username: 'ada', displayName: 'Ada Lovelace', pfp: '' });

let client: QueryClient;
beforeEach(() => {
  configureApi({ baseUrl: TEST_API_BASE, getToken: () => MOCK_TOKENS.ada });
  client = testQueryClient();
});

/** The baseline taken before a create, then a post with the same text by the other "Ada" lands. */
function samePostByTheOtherAda() {
  const baseline = captureBaseline(client, undefined);
  db.restore(withExtraAccount(db.snapshot(), CAPITAL_ADA, [TEXT]).snapshot);
  return baseline;
}

describe('findLandedPost: whose post counts as the one sent', () => {
  it('not one by an account whose username differs only in case (uuid not known yet)', async () => {
    const baseline = samePostByTheOtherAda();
    expect(await findLandedPost(client, { content: TEXT }, ada(), baseline)).toBeNull();
  });

  it('one by exactly this username, before the uuid is known', async () => {
    const baseline = samePostByTheOtherAda();
    const mine = db.createPost(MOCK_USER_IDS.ada, { content: TEXT });
    expect(await findLandedPost(client, { content: TEXT }, ada(), baseline)).toMatchObject({ id: String(mine.id) });
  });

  it('once the uuid is known, by the uuid alone', async () => {
    const baseline = samePostByTheOtherAda();
    expect(await findLandedPost(client, { content: TEXT }, { ...ada(CAPITAL_ADA.uuid), username: 'somebody' }, baseline)).toMatchObject({
      author: { uuid: CAPITAL_ADA.uuid },
    });
    expect(await findLandedPost(client, { content: TEXT }, ada(MOCK_USER_IDS.ada), baseline)).toBeNull();
  });
});
