import { createRoot, type Root } from 'react-dom/client';
import { createStore } from '../../lib/external-store';
import { OutcomeNoticeView } from './outcome-notice-view';

/**
 * What an action came to, shown where it is seen whatever the scroll (a muted post gone from the
 * feed, a post saved or deleted, an account signed out): one line at a time, with a way to undo it
 * where there is one. The text comes translated from the code that did the action. Only the
 * actions' own (on-demand) code imports this: its place in the page is made on first use, so the
 * first load carries none of it.
 */
export interface Outcome {
  text: string;
  /** A button beside the text (Undo); pressing it also closes the notice. */
  action?: { label: string; run: () => void };
  /** The notice's action takes focus (the control that caused it left the page). */
  focusAction?: boolean;
  /** Where focus goes once the notice closes with focus in it (else the page's main). */
  refocus?: () => HTMLElement | null | undefined;
}

export const outcomeStore = createStore<(Outcome & { id: number }) | null>(null);
let nextId = 1;
let root: { host: HTMLElement; root: Root } | null = null;

export function showOutcome(outcome: Outcome): void {
  if (typeof document === 'undefined') return;
  if (!root?.host.isConnected) {
    root?.root.unmount();
    // A live region that stays in the page: the text put in it later is announced.
    const host = document.createElement('div');
    host.className = 'outcome-notice-region';
    host.setAttribute('role', 'status');
    document.body.append(host);
    root = { host, root: createRoot(host) };
    root.root.render(<OutcomeNoticeView />);
  }
  outcomeStore.set({ ...outcome, id: nextId++ });
}

export function closeOutcome(): void {
  outcomeStore.set(null);
}
