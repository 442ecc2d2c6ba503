/**
 * Interface icons as inline SVG: emoji depend on the fonts installed (an empty box without an
 * emoji font) and a screen reader reads their names. Stroke icons in lucide's style (24-unit grid,
 * 2px round strokes, currentColor), drawn here so no icon package lands in the feed's budget;
 * each is a few paths, and unused ones are tree-shaken.
 */
interface IconProps {
  /** An accessible name, only for an icon that stands alone; with a visible text label leave it out. */
  label?: string;
  /** Square size in px; 1em (the surrounding text) by default. */
  size?: number | string;
  className?: string;
}

function Icon({ label, size = '1em', className, directional, children }: IconProps & { directional?: boolean; children: React.ReactNode }) {
  const classes = ['icon', directional ? 'icon-directional' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {children}
    </svg>
  );
}

/** A speech bubble: replies. */
export function ReplyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
    </Icon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect width="18" height="11" x="3" y="11" rx="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </Icon>
  );
}

/** Up is up in either writing direction: not mirrored. */
export function ArrowUpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12 7-7 7 7M12 19V5" />
    </Icon>
  );
}

/** "Back": points against the reading direction, so it is mirrored in right-to-left text. */
export function ArrowBackIcon(props: IconProps) {
  return (
    <Icon {...props} directional>
      <path d="m12 19-7-7 7-7M19 12H5" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </Icon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21.2 6.8a2.8 2.8 0 0 0-4-4L3.8 16.2a2 2 0 0 0-.5.8l-1.3 4.4a.5.5 0 0 0 .6.6l4.4-1.3a2 2 0 0 0 .8-.5Z" />
      <path d="m15 5 4 4" />
    </Icon>
  );
}
