import { screen } from '@testing-library/react';
import { http } from 'msw';
import { server, TEST_API_BASE } from './mock-backend';

export const PROFILE_URL = `${TEST_API_BASE}/v2/profile`;

export type ProfileBody = Record<'username' | 'displayname' | 'pfp' | 'banner' | 'bio', string | null | undefined>;

const isWhoAmI = (body: ProfileBody) => Object.values(body).every((v) => v === null || v === undefined);

/**
 * Keeps the body of every PATCH /v2/profile that changes something. The all-null "who am I"
 * PATCH the app sends to learn the profile is left out. Passes through to the mock backend
 * unless `respond` answers.
 */
export function spyOnProfileUpdates(respond?: () => Response | undefined) {
  const edits: ProfileBody[] = [];
  server.use(
    http.patch(PROFILE_URL, async ({ request }) => {
      const body = (await request.clone().json()) as ProfileBody;
      if (isWhoAmI(body)) return undefined;
      edits.push(body);
      return respond?.();
    }),
  );
  return edits;
}

export const field = (name: 'Username' | 'Display name' | 'Avatar URL' | 'Banner URL' | 'Bio') =>
  screen.getByRole<HTMLInputElement>('textbox', { name });

export const saveButton = () => screen.getByRole('button', { name: 'Save profile' });

export const header = () => document.querySelector<HTMLElement>('header.app-header')!;
