// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ignoreFailedWorkerUpdate } from '../../src/mocks/browser';

function rejection(reason: unknown) {
  return { reason, preventDefault: vi.fn() };
}

describe('the preview’s unhandled rejections', () => {
  it('drops the failed update check of the mock worker, which MSW leaves unhandled', () => {
    const event = rejection(
      new DOMException(
        "Failed to update a ServiceWorker for scope ('http://127.0.0.1:5173/design/preview/') with script ('http://127.0.0.1:5173/design/preview/mockServiceWorker.js'): Not found",
        'NotFoundError',
      ),
    );
    ignoreFailedWorkerUpdate(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('leaves every other rejection to be reported, another worker’s update included', () => {
    for (const reason of [
      new Error('Network request failed'),
      new DOMException("Failed to update a ServiceWorker for scope ('/') with script ('/sw.js'): Not found", 'NotFoundError'),
      'Failed to update a ServiceWorker mockServiceWorker.js',
      undefined,
    ]) {
      const event = rejection(reason);
      ignoreFailedWorkerUpdate(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });
});
