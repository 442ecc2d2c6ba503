/**
 * Every message key, derived from the English catalogs (the source language): `t('feed.empty')` is
 * checked by TypeScript, and test/i18n/catalogs.test.ts checks that every other language has the same
 * keys and placeholders. A new namespace file needs one line here.
 */
import type accounts from './catalogs/en/later/accounts.json';
import type actions from './catalogs/en/later/actions.json';
import type app from './catalogs/en/app.json';
import type auth from './catalogs/en/auth.json';
import type blog from './catalogs/en/blog.json';
import type common from './catalogs/en/common.json';
import type compose from './catalogs/en/later/compose.json';
import type config from './catalogs/en/later/config.json';
import type errors from './catalogs/en/errors.json';
import type feed from './catalogs/en/feed.json';
import type mute from './catalogs/en/later/mute.json';
import type notice from './catalogs/en/later/notice.json';
import type post from './catalogs/en/post.json';
import type profile from './catalogs/en/later/profile.json';
import type onDemand from './catalogs/en/later/onDemand.json';
import type replies from './catalogs/en/later/replies.json';
import type saved from './catalogs/en/later/saved.json';
import type settings from './catalogs/en/later/settings.json';
import type share from './catalogs/en/later/share.json';
import type status from './catalogs/en/status.json';
import type thread from './catalogs/en/later/thread.json';
import type visit from './catalogs/en/later/visit.json';

type Keys<Namespace extends string, Catalog> = `${Namespace}.${Extract<keyof Catalog, string>}`;

export type MessageKey =
  | Keys<'accounts', typeof accounts>
  | Keys<'actions', typeof actions>
  | Keys<'app', typeof app>
  | Keys<'auth', typeof auth>
  | Keys<'blog', typeof blog>
  | Keys<'common', typeof common>
  | Keys<'compose', typeof compose>
  | Keys<'config', typeof config>
  | Keys<'errors', typeof errors>
  | Keys<'feed', typeof feed>
  | Keys<'mute', typeof mute>
  | Keys<'notice', typeof notice>
  | Keys<'post', typeof post>
  | Keys<'profile', typeof profile>
  | Keys<'onDemand', typeof onDemand>
  | Keys<'replies', typeof replies>
  | Keys<'saved', typeof saved>
  | Keys<'settings', typeof settings>
  | Keys<'share', typeof share>
  | Keys<'status', typeof status>
  | Keys<'thread', typeof thread>
  | Keys<'visit', typeof visit>;

/** Placeholder values: strings and numbers only (dates are formatted with the locale's formatters first). */
export type MessageValues = Record<string, string | number>;
