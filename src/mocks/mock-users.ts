/**
 * The seed users a reader of the mock backend can sign in as without knowing a token. Only ever
 * loaded lazily (mock-sign-in.tsx, through app/mock-sign-in-slot.tsx): no token in the initial chunk.
 */
import { createFixtureSnapshot } from './fixtures';

export interface MockSignInUser {
  name: string;
  username: string;
  token: string;
}

export function mockSignInUsers(): MockSignInUser[] {
  return createFixtureSnapshot().users.map((user) => ({
    name: user.displayname,
    username: user.username,
    token: user.token,
  }));
}
