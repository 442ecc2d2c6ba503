/**
 * A post id as the client handles it everywhere (routes, request paths, cache keys): a
 * non-negative integer in plain decimal, leading zeros dropped. Kept as a string so that an id
 * beyond Number's safe range is not rounded into another post's. Null for anything else.
 */
export function normalizePostId(value: string | number | null | undefined): string | null {
  const s = String(value ?? '').trim();
  if (!/^\d+$/.test(s)) return null;
  return s.replace(/^0+(?=\d)/, '');
}
