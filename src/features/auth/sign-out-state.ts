/**
 * What the Sign out buttons send to the /sign-out page (app/routes/sign-out.tsx), which signs out
 * (sign-out.ts): a module of its own, so the header carries the state and not the signing out.
 */
/** Navigation state the Sign out buttons set (with `all` for every account); a plain link to /sign-out cannot sign anyone out. */
export const SIGN_OUT_STATE = { signOut: true } as const;

export function isSignOutState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
