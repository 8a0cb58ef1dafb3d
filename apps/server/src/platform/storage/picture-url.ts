import { API_PREFIX } from '@esign/shared';

/**
 * The address of a user's stored picture (`modules/users/stored-picture.ts`): `/api/v1/{route}/{userId}/{file}`, or
 * null without one. The file name changes with every upload, so the address names one content.
 */
export function pictureUrlOf(kind: { route: string }, userId: string, key: string | null): string | null {
  const file = key?.split('/').pop();
  return file ? `${API_PREFIX}/${kind.route}/${userId}/${file}` : null;
}
