/**
 * A post card's height before it is measured, for the windowed feed: close enough that the first
 * render picks the right posts and the measuring that follows moves nothing by much. Figures
 * from Chromium at the feed's width (system font, 16 px): a one-line post takes 154 px with its
 * margin, each further line of text 24 px, a "Replying to" line 26 px.
 */
import type { Post } from '../../../lib/api/schemas';

export const ONE_LINE_POST_HEIGHT = 154;
const LINE_HEIGHT = 24;
const REPLYING_TO_HEIGHT = 26;
/** The clamp of PostContent (8 lines), plus its "Show more" button. */
const MAX_LINES = 8;
const SHOW_MORE_HEIGHT = 24;
/** The content column is the page's (42rem at most) less the card's and the page's padding. */
const MAX_CONTENT_WIDTH = 608;
const SIDE_PADDING = 64;
const AVERAGE_CHAR_WIDTH = 8.5;

export function charsPerLine(viewportWidth: number): number {
  return Math.max(16, Math.floor((Math.min(viewportWidth - SIDE_PADDING, MAX_CONTENT_WIDTH)) / AVERAGE_CHAR_WIDTH));
}

export function estimatePostHeight(post: Post | undefined, lineChars: number): number {
  if (!post) return ONE_LINE_POST_HEIGHT;
  let lines = 0;
  for (const paragraph of post.content.split('\n')) lines += Math.max(1, Math.ceil(paragraph.length / lineChars));
  const clamped = lines > MAX_LINES;
  let height = ONE_LINE_POST_HEIGHT + (Math.min(lines, MAX_LINES) - 1) * LINE_HEIGHT;
  if (clamped) height += SHOW_MORE_HEIGHT;
  if (post.parentId) height += REPLYING_TO_HEIGHT;
  return height;
}
