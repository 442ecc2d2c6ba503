/**
 * Invisible characters: format characters (Unicode Cf: zero-width space and joiners, soft hyphen,
 * word joiner and invisible operators, the BOM, bidi marks, embeddings, overrides and isolates) and
 * the other default-ignorable ones (fillers, variation selectors). In a handle they show nothing, or
 * reorder it: "\u202Enimda" reads "admin" even isolated, "a\u200Bdmin" copies as another account.
 * A handle names one account, so it is shown without them.
 */
// Cf and DI (Default_Ignorable_Code_Point).
const INVISIBLE = /[\p{Cf}\p{DI}]/gu;

/** `username` as shown in a handle: without invisible characters (components/ui/handle.tsx shows it, isolated). */
export function handleText(username: string): string {
  return username.replace(INVISIBLE, '');
}

/**
 * A name put into a sentence (i18n `t()` does it for every `{name}` and `{username}`): first strong
 * isolate … pop directional isolate around it, without the bidi controls in it (embeddings,
 * overrides, isolates: U+202A–U+202E, U+2066–U+2069), so nothing in it (a U+202E, a stray U+2069, a
 * right-to-left name in a left-to-right sentence) reorders the rest of the sentence. Text the app
 * made of names it isolated already ("Ada (@ada)") goes in as `{label}`, as it is.
 */
export function isolateName(name: string): string {
  return `\u2068${name.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')}\u2069`;
}
