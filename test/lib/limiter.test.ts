// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/lib/limiter';
import { nextTask } from '../support/clock';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = nextTask;

describe('createLimiter', () => {
  it('runs at most six tasks at once by default and starts the next as one finishes', async () => {
    const limiter = createLimiter();
    const gates = Array.from({ length: 10 }, () => deferred<number>());
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      limiter.run(() => {
        started.push(i);
        return gate.promise;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(limiter.active).toBe(6);
    expect(limiter.queued).toBe(4);
    gates[0]!.resolve(0);
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    gates.forEach((gate, i) => gate.resolve(i));
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(limiter.active).toBe(0);
  });

  it('starts waiting high-priority tasks before waiting low-priority ones', async () => {
    const limiter = createLimiter(1);
    const gate = deferred<void>();
    const order: string[] = [];
    const first = limiter.run(() => gate.promise);
    const low = limiter.run(async () => void order.push('low'), 'low');
    const high = limiter.run(async () => void order.push('high'), 'high');
    gate.resolve();
    await Promise.all([first, low, high]);
    expect(order).toEqual(['high', 'low']);
  });

  it('starts no low-priority task while a high-priority one runs, even with slots free', async () => {
    const limiter = createLimiter(6);
    const page = deferred<void>();
    const order: string[] = [];
    const read = limiter.run(async () => {
      order.push('page');
      await page.promise;
    }, 'high');
    const probe = limiter.run(async () => void order.push('probe'), 'low');
    await tick();
    expect(order).toEqual(['page']);
    expect(limiter.active).toBe(1);
    page.resolve();
    await Promise.all([read, probe]);
    expect(order).toEqual(['page', 'probe']);
  });

  it('starts waiting tasks of one lane by their order, ties first come, first served, never ahead of one without an order', async () => {
    const limiter = createLimiter(1);
    const gate = deferred<void>();
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    const first = limiter.run(() => gate.promise);
    const waiting = [
      limiter.run(task('000002'), 'high', '000002'),
      limiter.run(task('unordered'), 'high'),
      limiter.run(task('000000/000001'), 'high', '000000/000001'),
      limiter.run(task('000001'), 'high', '000001'),
      limiter.run(task('000000/000001 again'), 'high', '000000/000001'),
      limiter.run(task('000000'), 'high', '000000'),
    ];
    expect(limiter.queued).toBe(6);
    gate.resolve();
    await Promise.all([first, ...waiting]);
    // 000002 came before the unordered task, which keeps its place; the rest sort behind it.
    expect(order).toEqual(['000002', 'unordered', '000000', '000000/000001', '000000/000001 again', '000001']);
  });

  it('frees the slot when a task fails or throws synchronously', async () => {
    const limiter = createLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(
      limiter.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(limiter.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('refuses a limiter without slots', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
