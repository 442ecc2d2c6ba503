/**
 * The explicit bidi controls: embeddings, overrides and isolates. Isolating a handle keeps a U+202E
 * in it from reordering the text around it, but not the handle itself: "\u202Enimda" would still
 * read "admin". A handle names one account, so it is shown in its own order, without them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** `username` as shown in a handle: without bidi controls (components/ui/handle.tsx shows it, isolated). */
export function handleText(username: string): string {
  return username.replace(BIDI_CONTROLS, '');
}
