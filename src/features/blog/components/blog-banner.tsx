import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { blogQueries } from '../../../entities/blog/queries';
import { whenFirstContent } from '../../../lib/first-content';
import { safeStorage } from '../../../lib/safe-storage';
import type * as EntryModuleType from './blog-entry';

const storage = safeStorage('session');
const DISMISS_KEY = 'social.blog-dismissed';

function entryKey(content: string, date: number | null): string {
  return `${date ?? ''}:${content.slice(0, 64)}`;
}

type EntryModule = typeof EntryModuleType;
let entryModule: EntryModule | null = null;
let entryLoading: Promise<EntryModule> | null = null;

function loadEntryModule(): Promise<EntryModule> {
  return (entryLoading ??= import('./blog-entry').then(
    (module) => (entryModule = module),
    (error: unknown) => {
      entryLoading = null;
      throw error;
    },
  ));
}

/**
 * The entry's markup: its code loads once the page's first content is on screen, beside the blog
 * request (which waits for the same moment), not in every page's first load. Null while it loads;
 * false when it could not be loaded (then the banner is absent, as when the blog fails).
 */
function useEntryModule(): EntryModule | null | false {
  const [module, setModule] = useState<EntryModule | null | false>(entryModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    void whenFirstContent(loadEntryModule).then(
      (loaded) => live && setModule(loaded),
      () => live && setModule(false),
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module;
}

/**
 * The latest blog entry: compact, dismissible for the session, quietly absent when it fails.
 * It arrives after the page below it, so it has one fixed height, held by its loading placeholder
 * too: what is already on screen does not move when it lands. Where an entry was dismissed this
 * session no space is held (the next entry is most likely the same one).
 */
export function BlogBanner() {
  const { data, isError } = useQuery(blogQueries.latest());
  const module = useEntryModule();
  const [dismissed, setDismissed] = useState(() => storage.get(DISMISS_KEY));

  if (isError || module === false) return null;
  const placeholder = dismissed === null ? <div className="blog-banner blog-banner-loading" aria-hidden="true" /> : null;
  if (!data) return placeholder;
  const key = entryKey(data.content, data.date);
  if (dismissed === key) return null;
  if (!module) return placeholder;
  return (
    <module.BlogEntry
      entry={data}
      onDismiss={() => {
        storage.set(DISMISS_KEY, key);
        setDismissed(key);
      }}
    />
  );
}
