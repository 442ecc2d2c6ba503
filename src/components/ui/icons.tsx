/**
 * Interface icons as inline SVG: emoji depend on the fonts installed (an empty box without an
 * emoji font) and a screen reader reads their names. Stroke icons in lucide's style (24-unit grid,
 * round 2px strokes in currentColor, set by `.icon` in styles.css), drawn here as one path each so
 * no icon package and few bytes land in the feed's budget. Here those a first screen shows (a post,
 * the account menu); later-icons.tsx has the others, out of the first load.
 */
interface IconProps {
  /** An accessible name, only for an icon that stands alone; beside a visible text label leave it out. */
  label?: string;
}

export function pathIcon(d: string, directional = false) {
  return function Icon({ label }: IconProps) {
    return (
      <svg
        className={directional ? 'icon icon-directional' : 'icon'}
        viewBox="0 0 24 24"
        focusable="false"
        {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      >
        <path d={d} />
      </svg>
    );
  };
}

/** A speech bubble: replies. */
export const ReplyIcon = /* @__PURE__ */ pathIcon('M7.9 20A9 9 0 1 0 4 16.1L2 22Z');

export const LockIcon = /* @__PURE__ */ pathIcon('M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2ZM7 11V7a5 5 0 0 1 10 0v4');

export const PencilIcon = /* @__PURE__ */ pathIcon(
  'M21.2 6.8a2.8 2.8 0 0 0-4-4L3.8 16.2a2 2 0 0 0-.5.8l-1.3 4.4a.5.5 0 0 0 .6.6l4.4-1.3a2 2 0 0 0 .8-.5ZM15 5l4 4',
);
