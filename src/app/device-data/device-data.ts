/**
 * An account's data on this device, to a file and back (data-file.ts is the file's format). The
 * export reads each store through its own reader, so what is written is what the app would use; the
 * import merges through each store's own writes, so its limits and shapes hold: nothing the account
 * already has is removed or replaced, and what the file adds is counted. Loaded on demand.
 */
import { readAccountData } from '../../entities/account/account-data';
import { writeAccountData } from '../../entities/account/account-data-writes';
import { preferences } from '../../entities/account/preference-writes';
import { readPreferences } from '../../entities/account/preferences';
import { contextOf, draftKey, isBlankDraft, newComposerId, readDrafts, saveDraft } from '../../entities/draft/draft-store';
import { addMutedWord, MAX_WORD_LENGTH, muteAccount, readMutes } from '../../entities/mute/mute-store';
import { parseRepliesState, readRepliesState, writeRepliesState, type ReplyRecord } from '../../entities/replies/replies-store';
import { readSaved, SAVED_LIMIT, writeSaved } from '../../features/saved/saved-store';
import { DATA_FILE_FORMAT, DATA_FILE_VERSION, dataFileName, isDraftContext, isPostId, MAX_DRAFT_TEXT, MAX_DRAFTS, MAX_MUTED, MAX_NAME, type DataFile } from './data-file';

export { dataFileName, readDataFile, type DataFile, type DataFileError, type DataFileRead } from './data-file';

/** Who the data belongs to, as this tab knows the account in use. */
export interface Owner {
  username: string;
  uuid?: string;
}

/** The newest post the account saw on the feed (`lastSeen`, a decimal id), or null. */
function readLastSeen(id: string): string | null {
  const raw = readAccountData(id, 'lastSeen');
  if (raw === null) return null;
  if (isPostId(raw)) return raw;
  // Also as JSON text ("\"1234\""), however the store ends up writing it.
  try {
    const parsed: unknown = JSON.parse(raw);
    const value = typeof parsed === 'number' && Number.isSafeInteger(parsed) ? String(parsed) : parsed;
    return isPostId(value) ? value : null;
  } catch {
    return null;
  }
}

/** Compares two decimal ids of any length (leading zeros aside). */
export function compareIds(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

/** What this device keeps for the account `id`, as the data file (no token: the stores hold none). */
export function exportData(id: string, owner: Owner, now = new Date()): DataFile {
  const mutes = readMutes(id);
  const lastSeen = readLastSeen(id);
  const replies = readRepliesState(id);
  // Kept to what the file's schema reads, so an export always imports: a store takes what the file's limits do not.
  const fits = (value: string, max = MAX_NAME) => value.length <= max;
  return {
    format: DATA_FILE_FORMAT,
    version: DATA_FILE_VERSION,
    exportedAt: now.toISOString(),
    account: { username: owner.username, ...(owner.uuid ? { uuid: owner.uuid } : {}) },
    // Each composer's draft under its context alone (`new#k3x9` → `new`): the file knows no composers.
    drafts: Object.entries(readDrafts(id))
      .map(([key, draft]) => [contextOf(key), draft] as const)
      .filter(([context, draft]) => isDraftContext(context) && fits(draft.content, MAX_DRAFT_TEXT) && fits(draft.from))
      .slice(0, MAX_DRAFTS)
      .map(([context, draft]) => ({ context, content: draft.content, from: draft.from, lock: draft.lock, nsfw: draft.nsfw, savedAt: draft.savedAt })),
    saved: [...readSaved(id)],
    mutes: {
      accounts: mutes.accounts.filter((a) => fits(a.uuid) && fits(a.username)).slice(0, MAX_MUTED).map((a) => ({ uuid: a.uuid, username: a.username })),
      words: mutes.words.filter((word) => fits(word, MAX_WORD_LENGTH)).slice(0, MAX_MUTED),
    },
    prefs: { alwaysShowSensitive: readPreferences(id).alwaysShowSensitive },
    ...(replies ? { replies } : {}),
    ...(lastSeen ? { lastSeen } : {}),
  };
}

/** The file's text and name: `social-<username>-<date>.json`. */
export function exportFile(id: string, owner: Owner, now = new Date()): { name: string; json: string } {
  return { name: dataFileName(owner.username, now), json: `${JSON.stringify(exportData(id, owner, now), null, 2)}\n` };
}

/** Whether the file is the account's own: the same uuid when both know it, else the same username exactly. */
export function isOwnFile(file: DataFile, owner: Owner): boolean {
  if (file.account.uuid && owner.uuid) return file.account.uuid === owner.uuid;
  return file.account.username === owner.username;
}

/** What an import added. */
export interface ImportCounts {
  saved: number;
  mutedAccounts: number;
  mutedWords: number;
  drafts: number;
  replies: number;
  /** Where the account left off moved to the file's, newer. */
  lastSeen: boolean;
  /** The file's settings were taken (the account had none here). */
  prefs: boolean;
}

/** Merges the file into the account `id`'s data: everything it has stays; returns what was added. */
export function importData(id: string, file: DataFile): ImportCounts {
  return {
    saved: importSaved(id, file.saved),
    ...importMutes(id, file.mutes),
    drafts: importDrafts(id, file.drafts),
    replies: importReplies(id, file.replies),
    lastSeen: importLastSeen(id, file.lastSeen),
    prefs: importPrefs(id, file.prefs),
  };
}

/** The file's saved posts after the account's own (its most recent stay first), up to the store's limit. */
function importSaved(id: string, ids: readonly string[]): number {
  const have = readSaved(id);
  const known = new Set(have);
  const added = ids.filter((postId) => !known.has(postId) && (known.add(postId), true));
  const next = [...have, ...added].slice(0, SAVED_LIMIT);
  if (next.length > have.length) writeSaved(next, id);
  return next.length - have.length;
}

function importMutes(id: string, mutes: DataFile['mutes']): Pick<ImportCounts, 'mutedAccounts' | 'mutedWords'> {
  let mutedAccounts = 0;
  for (const muted of mutes.accounts) {
    if (readMutes(id).accounts.some((a) => a.uuid === muted.uuid)) continue;
    muteAccount(id, { uuid: muted.uuid, username: muted.username });
    mutedAccounts += 1;
  }
  // The store refuses a word already muted in any case, or blank once normalised.
  const mutedWords = mutes.words.filter((word) => addMutedWord(id, word) === 'added').length;
  return { mutedAccounts, mutedWords };
}

/**
 * Each of the file's drafts joins the account's as a draft of no composer's (offered as one of the
 * "other drafts" where its context is written), so nothing kept here is replaced; one the account
 * already has (same context, same text: the file imported twice) is not added again.
 */
function importDrafts(id: string, drafts: DataFile['drafts']): number {
  let added = 0;
  for (const { context, content, from, lock, nsfw } of drafts) {
    const known = Object.entries(readDrafts(id)).some(([key, draft]) => contextOf(key) === context && draft.content === content && draft.from === from);
    if (isBlankDraft({ content, from }) || known) continue;
    saveDraft(id, draftKey(context, newComposerId()), { content, from, lock, nsfw });
    added += 1;
  }
  return added;
}

/**
 * The file's posts of the account's and the replies to them join the account's; a reply seen on
 * either side is seen. This device's watch keeps its own baseline (where it started looking here).
 * Beyond the store's limits the oldest ids leave, as they would had the replies been found here.
 */
function importReplies(id: string, imported: DataFile['replies']): number {
  const file = imported && parseRepliesState({ v: 1, ...imported });
  if (!file) return 0;
  const have = readRepliesState(id);
  if (!have) {
    writeRepliesState(id, file);
    return file.replies.length;
  }
  const byId = new Map<string, ReplyRecord>(have.replies.map((reply) => [reply.id, reply]));
  for (const reply of file.replies) {
    const mine = byId.get(reply.id);
    byId.set(reply.id, mine ? { ...mine, seen: mine.seen || reply.seen } : reply);
  }
  const merged = parseRepliesState({ v: 1, ...have, own: [...have.own, ...file.own], replies: [...byId.values()] });
  if (!merged) return 0;
  writeRepliesState(id, merged);
  const before = new Set(have.replies.map((reply) => reply.id));
  return merged.replies.filter((reply) => !before.has(reply.id)).length;
}

/** The newer of the two. */
function importLastSeen(id: string, lastSeen: string | undefined): boolean {
  const have = readLastSeen(id);
  if (!lastSeen || (have !== null && compareIds(lastSeen, have) <= 0)) return false;
  writeAccountData(id, 'lastSeen', lastSeen.replace(/^0+(?=\d)/, ''));
  return true;
}

/** Taken only when the account has made no choice here. */
function importPrefs(id: string, prefs: DataFile['prefs']): boolean {
  if (readAccountData(id, 'prefs') !== null || !prefs.alwaysShowSensitive) return false;
  preferences.setAlwaysShowSensitive(true, id);
  return true;
}
