import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import type { MessageKey, MessageValues } from './message-key';
import { useT } from './use-t';

const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/** "Press <0>?</0>" with components {0: <kbd />} → ["Press ", <kbd>?</kbd>]. Only the given components are used. */
export function formatElements(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(TAG))) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const paired = match[1] !== undefined;
    const element = components[paired ? match[1]! : match[3]!];
    if (element) {
      const children = paired ? formatElements(match[2]!, components) : (element.props as { children?: ReactNode }).children;
      nodes.push(cloneElement(element, { key: nodes.length }, children));
    } else {
      nodes.push(paired ? match[2] : '');
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/**
 * A message with markup in it: `<0>?</0>` in the catalog becomes `components[0]` wrapping "?", so
 * translators move the markup with the words instead of the code splitting a sentence in pieces.
 */
export function Trans({ id, values, components }: { id: MessageKey; values?: MessageValues; components: Record<string, ReactElement> }) {
  const t = useT();
  return <Fragment>{formatElements(t(id, values), components)}</Fragment>;
}
