import { afterEach, describe, expect, it } from 'vitest';
import {
  claimComposerId,
  clearDraft,
  composerId,
  countDrafts,
  discardDrafts,
  draftKey,
  loadDraft,
  otherDrafts,
  readDrafts,
  releaseComposerId,
  saveDraft,
} from '../../../src/entities/draft/draft-store';
import { idOf, keyFor } from '../../support/account-data';
import { settleTasks } from '../../support/clock';

const text = (content: string) => ({ content, from: '', lock: false, nsfw: false });

afterEach(() => discardDrafts(idOf('ada')));

describe('drafts, one per composer', () => {
  it('two composers of one context keep both texts, and each finds its own again', () => {
    const ada = idOf('ada');
    const first = draftKey('new', 'tab-one');
    const second = draftKey('new', 'tab-two');
    saveDraft(ada, first, text('Written in the first tab'));
    saveDraft(ada, second, text('Written in the second tab'));
    saveDraft(ada, first, text('Written in the first tab, and more'));

    expect(loadDraft(ada, first).content).toBe('Written in the first tab, and more');
    expect(loadDraft(ada, second).content).toBe('Written in the second tab');
    expect(countDrafts(ada)).toBe(2);
    // Each is offered to the other, and only the other.
    expect(otherDrafts(ada, 'new', first).map((o) => o.draft.content)).toEqual(['Written in the second tab']);
    expect(otherDrafts(ada, 'new', second).map((o) => o.draft.content)).toEqual(['Written in the first tab, and more']);
  });

  it('offers a draft kept under the plain context (before composers had ids) to every composer of that context, and no other', () => {
    const ada = idOf('ada');
    localStorage.setItem(
      keyFor('ada', 'drafts'),
      JSON.stringify({ new: { ...text('From the old version'), savedAt: 1 }, 'reply:5': { ...text('An old reply'), savedAt: 2 } }),
    );
    const mine = draftKey('new', composerId('new'));
    expect(loadDraft(ada, mine).content).toBe('');
    expect(otherDrafts(ada, 'new', mine)).toEqual([{ key: 'new', draft: { ...text('From the old version'), savedAt: 1 } }]);
    expect(otherDrafts(ada, 'reply:5', draftKey('reply:5', 'x')).map((o) => o.draft.content)).toEqual(['An old reply']);
    // A reply to another post, or a new post, is another context.
    expect(otherDrafts(ada, 'reply:6', draftKey('reply:6', 'x'))).toEqual([]);
  });

  it('lists the other drafts the most recently saved first', () => {
    const ada = idOf('ada');
    localStorage.setItem(
      keyFor('ada', 'drafts'),
      JSON.stringify({ 'new#a': { ...text('older'), savedAt: 10 }, 'new#b': { ...text('newer'), savedAt: 20 } }),
    );
    expect(otherDrafts(ada, 'new', 'new#c').map((o) => o.key)).toEqual(['new#b', 'new#a']);
  });

  it('clearing one composer’s draft (it was sent) leaves the others of its context', () => {
    const ada = idOf('ada');
    saveDraft(ada, draftKey('new', 'one'), text('sent now'));
    saveDraft(ada, draftKey('new', 'two'), text('still being written'));
    saveDraft(ada, 'new', text('an old one'));
    clearDraft(ada, draftKey('new', 'one'));
    expect(Object.keys(readDrafts(ada)).sort()).toEqual(['new', 'new#two']);
  });

  it('gives a tab one composer id per context, the same when asked again (a reload), another once the tab is gone', () => {
    const id = composerId('new');
    expect(composerId('new')).toBe(id);
    expect(composerId('reply:5')).not.toBe(id);
    sessionStorage.clear();
    expect(composerId('new')).not.toBe(id);
  });

  it('a duplicated tab (sessionStorage copied) gives up the id another open tab holds, and keeps a fresh one', async () => {
    const id = composerId('new');
    // Another open tab holds the lock named for this id: ifAvailable gets none.
    const held = new Set([`social.composer:${id}`]);
    const locks = {
      request: (name: string, _options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void> | void) => {
        const free = !held.has(name);
        if (free) held.add(name);
        return Promise.resolve(callback(free ? { name } : null));
      },
    };
    const claimed = await claimComposerId('new', id, locks);
    expect(claimed).not.toBe(id);
    expect(held.has(`social.composer:${claimed}`)).toBe(true);
    // Kept for this tab: a reload of it finds the fresh id.
    expect(composerId('new')).toBe(claimed);
    // An id no other tab holds is kept.
    expect(await claimComposerId('reply:5', 'free-id', locks)).toBe('free-id');
  });

  it("a composer that leaves blank lets go of its id's lock, so a tab holds none per thread it ever read; the id stays the tab's", async () => {
    // Locks as the browser keeps them: held until the callback's promise settles.
    const held = new Set<string>();
    const locks = {
      request: (name: string, _options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void> | void) => {
        const free = !held.has(name);
        if (free) held.add(name);
        const holding = Promise.resolve(callback(free ? { name } : null));
        if (free) void holding.then(() => held.delete(name));
        return holding;
      },
    };
    const ids: string[] = [];
    for (const post of [5, 6, 7]) {
      const context = `reply:${post}`;
      const id = await claimComposerId(context, composerId(context), locks);
      expect(held.has(`social.composer:${id}`)).toBe(true);
      releaseComposerId(id);
      await settleTasks(2);
      ids.push(id);
    }
    expect([...held]).toEqual([]);
    // Another account's draft may be under it: a composer there later has the same id, and holds it again.
    const again = await claimComposerId('reply:5', composerId('reply:5'), locks);
    expect(again).toBe(ids[0]);
    expect(held.has(`social.composer:${again}`)).toBe(true);
  });

  it('an id let go before its claim was decided is not held once it is; claimed again, it is', async () => {
    const held = new Set<string>();
    let grant: () => void = () => {};
    const locks = {
      request: (name: string, _options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void> | void) =>
        new Promise<void>((resolve) => {
          grant = () => {
            held.add(name);
            void Promise.resolve(callback({ name })).then(() => {
              held.delete(name);
              resolve();
            });
          };
        }),
    };
    const id = composerId('new');
    const first = claimComposerId('new', id, locks);
    releaseComposerId(id);
    grant();
    expect(await first).toBe(id);
    await settleTasks(2);
    expect(held.has(`social.composer:${id}`)).toBe(false);
    // Mounted again (React's strict mode runs effects twice): claimed again, held, and the tab's again.
    const second = claimComposerId('new', id, locks);
    grant();
    expect(await second).toBe(id);
    expect(held.has(`social.composer:${id}`)).toBe(true);
    expect(composerId('new')).toBe(id);
  });

  it('an id let go while its claim was refused (another tab has it) is held when claimed again later', async () => {
    const held = new Set<string>();
    let answer: (free: boolean) => void = () => {};
    const locks = {
      request: (name: string, _options: { ifAvailable: boolean }, callback: (lock: unknown) => Promise<void> | void) =>
        new Promise<void>((resolve) => {
          answer = (free) => {
            if (free) held.add(name);
            void Promise.resolve(callback(free ? { name } : null)).then(() => {
              held.delete(name);
              resolve();
            });
          };
        }),
    };
    const id = 'taken-id';
    const first = claimComposerId('reply:9', id, locks);
    releaseComposerId(id);
    answer(false);
    answer(true);
    expect(await first).not.toBe(id);
    // The other tab closed: this id claimed again is held, the refused claim's release long forgotten.
    const again = claimComposerId('reply:8', id, locks);
    answer(true);
    expect(await again).toBe(id);
    expect(held.has(`social.composer:${id}`)).toBe(true);
  });
});
