/**
 * Whether this tab is the one that reads for the account's tabs: makes the minute's check for new
 * posts and the replies catch-up (app/tab-sync.ts elects it; the others hear what it finds). True
 * until an election says otherwise, and whenever there is none (signed out, no Web Locks).
 */
import { createStore, useStore } from '../../lib/external-store';

export const readerTab = createStore(true);

export const useIsReaderTab = (): boolean => useStore(readerTab);
