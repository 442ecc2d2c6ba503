/**
 * Whether `text` may hold a link at all: every link the app makes starts with `http://`, `https://`
 * or `www.` (see link-parts.ts), so text without one of them never needs the tokenizer. This
 * check is all that ships in the initial chunk; linkifyjs loads only when it says yes.
 */
export function mayContainLink(text: string): boolean {
  return /https?:\/\/|www\./i.test(text);
}
