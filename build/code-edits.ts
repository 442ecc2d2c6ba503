/**
 * What the build plugins that rewrite code share (i18n-plugin.ts's message numbers,
 * core-exports-plugin.ts's import and export clauses): a walk over an ESTree program as
 * `parseAst` returns it, a string as the code writes it, and replacing ranges of the code.
 */

/** An ESTree node, as rolldown's `parseAst` gives it (offsets into the parsed code). */
export interface EstreeNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Calls `visit` on every node under `node`, each before its children. */
export function walk(node: unknown, visit: (node: EstreeNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof (node as EstreeNode).type === 'string') visit(node as EstreeNode);
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
}

/** The string `node` writes whole: a string literal, or a template without expressions; else undefined. */
export function staticString(node: unknown): string | undefined {
  const literal = node as { type?: string; value?: unknown; expressions?: unknown[]; quasis?: Array<{ value: { cooked: string | null } }> } | null;
  if (literal?.type === 'Literal' && typeof literal.value === 'string') return literal.value;
  if (literal?.type === 'TemplateLiteral' && literal.expressions?.length === 0) return literal.quasis?.[0]?.value.cooked ?? undefined;
  return undefined;
}

/** A replacement of `code.slice(start, end)` by `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** `code` with each of `edits` (ranges that do not overlap) made. */
export function replaceRanges(code: string, edits: readonly Edit[]): string {
  let out = '';
  let last = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += code.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + code.slice(last);
}
