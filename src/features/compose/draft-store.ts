/**
 * Drafts are saved as the person types, per context ("new" or "reply:<id>"), in localStorage so
 * they survive a reload, a crash or a sign-in; they are cleared only when the server confirms.
 */
import { readJson, safeStorage } from '../../lib/safe-storage';

export interface Draft {
  content: string;
  from: string;
  lock: boolean;
  nsfw: boolean;
  savedAt: number;
}

const storage = safeStorage('local');
const PREFIX = 'social.draft.';

export const EMPTY_DRAFT: Draft = { content: '', from: '', lock: false, nsfw: false, savedAt: 0 };

function isDraft(value: unknown): value is Draft {
  if (!value || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return typeof d.content === 'string' && typeof d.from === 'string' && typeof d.lock === 'boolean' && typeof d.nsfw === 'boolean';
}

export function draftContext(parentId?: string | null): string {
  return parentId ? `reply:${parentId}` : 'new';
}

export function loadDraft(context: string): Draft {
  return readJson(storage, PREFIX + context, isDraft) ?? EMPTY_DRAFT;
}

export function isBlankDraft(draft: Pick<Draft, 'content' | 'from'>): boolean {
  return draft.content.trim() === '' && draft.from.trim() === '';
}

export function saveDraft(context: string, draft: Omit<Draft, 'savedAt'>): void {
  if (isBlankDraft(draft)) storage.remove(PREFIX + context);
  else storage.set(PREFIX + context, JSON.stringify({ ...draft, savedAt: Date.now() }));
}

export function clearDraft(context: string): void {
  storage.remove(PREFIX + context);
}
