import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareAction } from '../../../../src/features/posts/components/share-action';
import { aPost } from '../../../support/post-fixture';

const POST = aPost({ id: '42', content: 'hello', author: { uuid: 'u-1', username: 'ada', displayName: 'Ada Lovelace', pfp: '' } });

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0)) step();
});

/** Puts these on navigator for one test (jsdom has neither a clipboard nor a share sheet). */
function stubNavigator(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(navigator, key, { configurable: true, value });
    undo.push(() => delete (navigator as unknown as Record<string, unknown>)[key]);
  }
}

const threadUrl = () => `${window.location.href.split('#')[0]}#/post/42`;

describe('ShareAction', () => {
  it('copies the thread’s absolute address and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ clipboard: { writeText } });
    render(<ShareAction post={POST} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(threadUrl());
    expect(await screen.findByRole('status')).toHaveTextContent('Link copied');
  });

  it('shows the link, selected, when the clipboard refuses', async () => {
    stubNavigator({ clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    render(<ShareAction post={POST} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The link could not be copied. Copy it from here:');
    const field = screen.getByRole('textbox', { name: 'The link could not be copied. Copy it from here:' });
    expect(field).toHaveValue(threadUrl());
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('readonly');
  });

  it('opens the share sheet where there is one; closing it is not an error', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    stubNavigator({ share, canShare: () => true });
    render(<ShareAction post={POST} />);
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({ url: threadUrl(), title: 'Post by \u2068Ada Lovelace\u2069' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('copies instead where the share sheet takes no link', () => {
    stubNavigator({ share: vi.fn(), canShare: () => false });
    render(<ShareAction post={POST} />);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
