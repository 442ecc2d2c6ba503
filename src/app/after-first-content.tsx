/**
 * What the layout starts once the first content is on screen (app/layout.tsx), from one chunk: the
 * signed-in person's uuid learned from their posts, and the count in the tab.
 */
import { LearnOwnUuid } from './learn-own-uuid';
import { TabCount } from './tab-count';

export function AfterFirstContent() {
  return (
    <>
      <LearnOwnUuid />
      <TabCount />
    </>
  );
}
