import { useState } from 'react';
import { errorMessage } from '../../components/ui/states';
import { ComposerForm, type ComposerFormProps, type DraftFields } from '../../features/compose/components/composer-form';
import { submitLabel, uncertainMessage } from '../../features/compose/components/composer-text';
import { ApiError } from '../../lib/api/api-error';
import { GallerySection, Specimen } from './gallery-layout';

const EMPTY: DraftFields = { content: '', from: '', lock: false, nsfw: false };
const TYPED: DraftFields = { content: 'Half-way through a thought about compilers…', from: 'web', lock: false, nsfw: true };

type FixedProps = Omit<ComposerFormProps, 'draft' | 'onChange' | 'onSubmit' | 'label'>;

/** The composer's real form in one fixed state; the text stays editable, sending does nothing. */
function ComposerState({ initial, ...props }: FixedProps & { initial: DraftFields }) {
  const [draft, setDraft] = useState(initial);
  return (
    <ComposerForm
      {...props}
      draft={draft}
      label={props.reply ? 'Write a reply' : 'Write a post'}
      onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
      onSubmit={() => {}}
    />
  );
}

const idle = { message: null, invalid: false, sending: false };
const timeout = new ApiError('timeout');

export function ComposerSpecimens() {
  return (
    <GallerySection title="Composer">
      <Specimen label="Empty">
        <ComposerState initial={EMPTY} reply={false} {...idle} submitLabel={submitLabel(false, null, false, false)} />
      </Specimen>
      <Specimen label="Typing">
        <ComposerState initial={TYPED} reply={false} {...idle} submitLabel={submitLabel(false, null, false, false)} />
      </Specimen>
      <Specimen label="Nothing written">
        <ComposerState initial={EMPTY} reply={false} {...idle} invalid message="Write something before posting." submitLabel="Post" />
      </Specimen>
      <Specimen label="Sending">
        <ComposerState initial={TYPED} reply={false} {...idle} sending submitLabel={submitLabel(true, null, false, false)} />
      </Specimen>
      <Specimen label="Failed">
        <ComposerState
          initial={TYPED}
          reply={false}
          {...idle}
          message={errorMessage(new ApiError('network'))}
          submitLabel={submitLabel(false, null, true, false)}
        />
      </Specimen>
      <Specimen label="Unconfirmed, could not check">
        <ComposerState
          initial={TYPED}
          reply={false}
          {...idle}
          message={uncertainMessage({ state: 'unknown', error: timeout })}
          submitLabel={submitLabel(false, { state: 'unknown', error: timeout }, true, false)}
          onCheckAgain={() => {}}
        />
      </Specimen>
      <Specimen label="Reply">
        <ComposerState initial={EMPTY} reply {...idle} submitLabel={submitLabel(false, null, false, true)} />
      </Specimen>
    </GallerySection>
  );
}
