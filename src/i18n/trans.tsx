import { Trans as LinguiTrans } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageKey, MessageValues } from './message-key';

/**
 * A message with markup in it: `<0>?</0>` in the catalog becomes `components[0]` wrapping "?", so
 * translators move the markup with the words instead of the code splitting a sentence in pieces.
 */
export function Trans({ id, values, components }: { id: MessageKey; values?: MessageValues; components: Record<string, ReactElement> }) {
  return <LinguiTrans id={id} values={values} components={components} />;
}
