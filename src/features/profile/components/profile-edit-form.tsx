import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../../components/ui/avatar';
import { SafeImage } from '../../../components/ui/safe-image';
import { errorMessage } from '../../../components/ui/states';
import type { MessageKey } from '../../../i18n/message-key';
import { useT, type Translate } from '../../../i18n/use-t';
import { isApiError } from '../../../lib/api/api-error';
import type { UpdateProfileInput } from '../../../lib/api/profile';
import type { Profile } from '../../../lib/api/schemas';
import { safeHttpUrl } from '../../../lib/url';
import { useUpdateProfile } from '../api/update-profile';
import '../profile.css';

type Field = 'username' | 'displayname' | 'pfp' | 'banner' | 'bio';
type Values = Record<Field, string>;

const USERNAME = /^[A-Za-z0-9_]{3,20}$/;

function fromProfile(p: Profile): Values {
  return { username: p.username, displayname: p.displayName, pfp: p.pfp, banner: p.banner, bio: p.bio };
}

/** Only what changed: unchanged fields are left out (null), a field cleared on purpose is sent as "". */
export function changedFields(original: Values, current: Values): UpdateProfileInput {
  const out: UpdateProfileInput = {};
  for (const key of Object.keys(original) as Field[]) {
    const value = key === 'bio' ? current[key] : current[key].trim();
    if (value !== original[key]) out[key] = value;
  }
  return out;
}

/** Message keys, translated at render: a language change also changes the errors on screen. */
function validate(values: Values, original: Values): Partial<Record<Field, MessageKey>> {
  const errors: Partial<Record<Field, MessageKey>> = {};
  if (!USERNAME.test(values.username.trim())) errors.username = 'profile.usernameInvalid';
  for (const key of ['pfp', 'banner'] as const) {
    const v = values[key].trim();
    // An unsafe URL the server already holds is not sent (unchanged) and never shown: it must not block other changes.
    if (v && v !== original[key] && !safeHttpUrl(v)) errors[key] = 'profile.urlInvalid';
  }
  return errors;
}

function serverFieldError(error: unknown, t: Translate): { field: Field | null; message: string } {
  const message = errorMessage(error);
  if (isApiError(error) && (error.kind === 'conflict' || /user ?name/i.test(error.reason ?? ''))) {
    if (error.kind !== 'conflict') return { field: 'username', message };
    // The server's words are shown unless they only repeat "taken".
    const extra = error.reason && !/taken/i.test(error.reason) ? error.reason : '';
    return { field: 'username', message: extra ? t('profile.usernameTakenReason', { reason: extra }) : t('profile.usernameTaken') };
  }
  return { field: null, message };
}

/** How many app entries lie behind this one (the router keeps `idx` in history.state): 0 when opened directly. */
function historyIndex(): number {
  const idx: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

const FIELDS: readonly Field[] = ['username', 'displayname', 'pfp', 'banner', 'bio'];

export function ProfileEditForm({ profile, onSaved }: { profile: Profile; onSaved?: () => void }) {
  // What the form started from (then what was last saved): a who-am-I answering meanwhile must
  // not change what counts as edited. What the person typed is compared with what they saw.
  const [original, setOriginal] = useState<Values>(() => fromProfile(profile));
  const [values, setValues] = useState<Values>(original);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  /** A field to take focus once its error is on screen (it may be far above Save). */
  const [focusField, setFocusField] = useState<{ field: Field } | null>(null);
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  /** What the last press of Save came to, when it came to something other than an error. */
  const [saved, setSaved] = useState<'saved' | 'unchanged' | null>(null);
  const update = useUpdateProfile();
  const id = useId();
  const server = update.isError ? serverFieldError(update.error, t) : null;
  const fieldError = (f: Field) => {
    const key = errors[f];
    return key ? t(key) : server?.field === f ? server.message : undefined;
  };

  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${focusField.field}`)}`)?.focus();
  }, [focusField, id]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The button says "Saving…" meanwhile: this press is part of that one.
    if (update.isPending) return;
    const found = validate(values, original);
    setErrors(found);
    setSaved(null);
    const invalid = FIELDS.find((f) => found[f]);
    if (invalid) {
      setFocusField({ field: invalid });
      return;
    }
    const changes = changedFields(original, values);
    if (Object.keys(changes).length === 0) {
      // Nothing sent: said as such, not as "saved" (a press of Save always ends in a request or a message).
      setSaved('unchanged');
      return;
    }
    update.mutate(changes, {
      onSuccess: (updated) => {
        setOriginal(fromProfile(updated));
        setSaved('saved');
        onSaved?.();
      },
      onError: (error) => {
        const field = serverFieldError(error, t).field;
        if (field) setFocusField({ field });
      },
    });
  }

  const input = (field: Field, label: string, type: 'text' | 'url' = 'text', hint?: string) => {
    const err = fieldError(field);
    const describedBy = [hint ? `${id}-${field}-hint` : '', err ? `${id}-${field}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field">
        <label htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          type={type}
          // Addresses and usernames read left to right on a right-to-left page too (their start in
          // view, not their end); a display name follows what is typed in it.
          dir={type === 'url' || field === 'username' ? 'ltr' : 'auto'}
          value={values[field]}
          onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          aria-invalid={err ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {hint && (
          <p id={`${id}-${field}-hint`} className="hint">
            {hint}
          </p>
        )}
        {err && (
          <p id={`${id}-${field}-error`} className="field-error" role="alert">
            {err}
          </p>
        )}
      </div>
    );
  };

  return (
    <form ref={formRef} className="card profile-edit-form" onSubmit={submit} noValidate aria-label={t('profile.editProfile')}>
      {input('username', t('profile.username'), 'text', t('profile.usernameHint'))}
      {input('displayname', t('profile.displayName'))}
      {input('pfp', t('profile.avatarUrl'), 'url')}
      <div className="preview-row" role="img" aria-label={t('profile.avatarPreview')}>
        <Avatar src={safeHttpUrl(values.pfp)} name={values.displayname || values.username} size={64} />
      </div>
      {input('banner', t('profile.bannerUrl'), 'url')}
      <div className="banner-preview" role="img" aria-label={t('profile.bannerPreview')}>
        <SafeImage src={values.banner} alt="" className="banner-image" fallback={<div className="banner-placeholder" />} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-bio`}>{t('profile.bio')}</label>
        <textarea id={`${id}-bio`} value={values.bio} dir="auto" onChange={(e) => setValues({ ...values, bio: e.target.value })} />
      </div>
      {server && server.field === null && (
        <p className="field-error" role="alert">
          {server.message}
        </p>
      )}
      {saved && !update.isPending && (
        <p className="notice" role="status">
          {t(saved === 'saved' ? 'profile.saved' : 'profile.nothingToSave')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" aria-busy={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </button>
        {/* Back where the person came from (their profile, Settings), nothing saved. */}
        <button type="button" className="button" onClick={() => void (historyIndex() > 0 ? navigate(-1) : navigate('/'))}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
