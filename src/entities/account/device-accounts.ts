/**
 * The accounts seen on this device (`social.device-accounts`, localStorage: `[{ id, username, uuid? }]`):
 * each account's local id, the namespace of its data (account-data.ts). Loaded when who an account
 * is becomes known (token-store.ts), not with the first page.
 */
import { safeStorage } from '../../lib/safe-storage';

const local = safeStorage('local');

export const DEVICE_ACCOUNTS_KEY = 'social.device-accounts';

export interface DeviceAccount {
  /** Local, random, never shown and never sent: the namespace of the account's data. */
  id: string;
  /** As who-am-I last said it. */
  username: string;
  uuid?: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';

export function readDeviceAccounts(): DeviceAccount[] {
  let list: unknown;
  try {
    list = JSON.parse(local.get(DEVICE_ACCOUNTS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a: Partial<DeviceAccount> | null): a is DeviceAccount =>
      !!a && isText(a.id) && a.id !== '' && isText(a.username) && (a.uuid === undefined || isText(a.uuid)),
  );
}

export const writeDeviceAccounts = (list: DeviceAccount[]): void => local.set(DEVICE_ACCOUNTS_KEY, JSON.stringify(list));

function newId(taken: DeviceAccount[]): string {
  let id: string;
  do id = Math.random().toString(36).slice(2, 10);
  while (id.length < 4 || taken.some((a) => a.id === id));
  return id;
}

/**
 * The local id of the account that who-am-I calls `username` (its uuid once learned; `id`, the one
 * this tab already gave it). A known id follows a rename; a uuid that differs from the record's is
 * another account that took the name: it gets a record of its own.
 */
export function identifyAccount({ id, username, uuid }: { id?: string; username: string; uuid?: string }): string {
  const list = readDeviceAccounts();
  const fits = (a: DeviceAccount) => !uuid || !a.uuid || a.uuid === uuid;
  const byId = list.find((a) => a.id === id && fits(a));
  const found = byId ?? (uuid && list.find((a) => a.uuid === uuid)) ?? list.find((a) => a.username === username && fits(a));
  if (!found) {
    const record: DeviceAccount = { id: newId(list), username, ...(uuid ? { uuid } : {}) };
    writeDeviceAccounts([...list, record]);
    return record.id;
  }
  if (found.username !== username || (uuid && found.uuid !== uuid)) {
    // The name now belongs to this record alone: another that still says it is out of date.
    writeDeviceAccounts(
      list.map((a) =>
        a === found ? { ...a, username, ...(uuid ? { uuid } : {}) } : a.username === username && !a.uuid ? { ...a, username: '' } : a,
      ),
    );
  }
  return found.id;
}
