import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAMPLE_POSTS } from '../../../../src/app/gallery/sample-data';
import { createOwnPostSource, OwnPostContext, useIsOwnPost } from '../../../../src/entities/post/ui/post-card-context';
import type { Post } from '../../../../src/lib/api/schemas';

const grace = SAMPLE_POSTS.plain;
const layla = SAMPLE_POSTS.rtl;

/** Says whose post it is and counts its own renders, as a post card would read it. */
function Probe({ post, renders }: { post: Post; renders: Map<string, number> }) {
  renders.set(post.id, (renders.get(post.id) ?? 0) + 1);
  const own = useIsOwnPost(post);
  return <p>{`${post.author?.username}: ${own ? 'own' : 'not own'}`}</p>;
}

describe('whose post it is, as who-am-I arrives', () => {
  it('re-renders only the cards whose answer changes', () => {
    const source = createOwnPostSource(() => false);
    const renders = new Map<string, number>();
    render(
      <OwnPostContext.Provider value={source}>
        <Probe post={grace} renders={renders} />
        <Probe post={layla} renders={renders} />
      </OwnPostContext.Provider>,
    );
    expect(screen.getByText('grace: not own')).toBeInTheDocument();
    expect(screen.getByText('layla_k: not own')).toBeInTheDocument();
    const before = new Map(renders);

    // The profile lands: grace is signed in.
    act(() => source.set((post) => post.author?.username === 'grace'));

    expect(screen.getByText('grace: own')).toBeInTheDocument();
    expect(screen.getByText('layla_k: not own')).toBeInTheDocument();
    expect(renders.get(grace.id)).toBeGreaterThan(before.get(grace.id)!);
    // Layla's card answers the same as before: not rendered again.
    expect(renders.get(layla.id)).toBe(before.get(layla.id));
  });
});
