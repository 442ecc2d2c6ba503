import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountKey } from '../../../src/entities/account/account-data';
import { parseLastSeen, readLastSeen, recordSeen, startVisit, visitMark, visitRevision } from '../../../src/entities/post/last-seen';
import { RETURN_AFTER_MS } from '../../../src/entities/post/tab-return';
import { useTestClock } from '../../support/clock';

// Local ids of two accounts on this device (entities/account/account-data.ts); fresh per test, since
// the visit's marks are module state.
let ada: string;
let bram: string;
let n = 0;
beforeEach(() => {
  n += 1;
  ada = `ada-${n}`;
  bram = `bram-${n}`;
});

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

describe('last seen', () => {
  it('is kept per account as the post id in decimal, and only moves forward', () => {
    recordSeen(ada, 74);
    expect(localStorage.getItem(accountKey(ada, 'lastSeen'))).toBe('74');
    // An older post on screen (a thread opened from the feed, a page further down) never moves it back.
    recordSeen(ada, 12);
    expect(readLastSeen(ada)).toBe(74);
    recordSeen(ada, 1234);
    expect(localStorage.getItem(accountKey(ada, 'lastSeen'))).toBe('1234');
    // Another account on the same device has its own.
    expect(readLastSeen(bram)).toBe(0);
  });

  it('reads anything else stored as nothing seen yet', () => {
    for (const raw of [null, '', 'abc', '-3', '12.5', '1e3', ' 12', '1234567890123456', '{"id":5}']) expect(parseLastSeen(raw)).toBe(0);
    expect(parseLastSeen('0077')).toBe(77);
    localStorage.setItem(accountKey(ada, 'lastSeen'), '<script>');
    expect(readLastSeen(ada)).toBe(0);
    recordSeen(ada, 5);
    expect(readLastSeen(ada)).toBe(5);
  });

  it('keeps a visit’s mark where the visit began while the reader moves on, and takes it again at the next visit', () => {
    localStorage.setItem(accountKey(ada, 'lastSeen'), '70');
    expect(visitMark(ada)).toBe(70);
    recordSeen(ada, 75);
    expect(readLastSeen(ada)).toBe(75);
    expect(visitMark(ada)).toBe(70);
    const revision = visitRevision.get();
    startVisit();
    expect(visitRevision.get()).toBe(revision + 1);
    expect(visitMark(ada)).toBe(75);
  });

  it('takes the mark before the visit’s first write, whoever asks first', () => {
    localStorage.setItem(accountKey(bram, 'lastSeen'), '40');
    recordSeen(bram, 60);
    expect(visitMark(bram)).toBe(40);
  });

  it('begins a new visit when the tab comes back after a while, not after a glance away', async () => {
    useTestClock();
    localStorage.setItem(accountKey(ada, 'lastSeen'), '70');
    expect(visitMark(ada)).toBe(70);
    recordSeen(ada, 75);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(RETURN_AFTER_MS / 2);
    focusManager.setFocused(true);
    expect(visitMark(ada)).toBe(70);
    focusManager.setFocused(false);
    await vi.advanceTimersByTimeAsync(RETURN_AFTER_MS);
    focusManager.setFocused(true);
    expect(visitMark(ada)).toBe(75);
  });
});
