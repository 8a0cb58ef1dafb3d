import type { ChangeEmailRequest, UpdateProfileRequest } from '@esign/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { clearTokens } from '../../api/tokens';

/** PATCH user/profile; the answer is the user, shown at once in the header and every date. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (body: UpdateProfileRequest) => apiCall('updateProfile', { body }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: ChangeEmailRequest) => apiCall('changeEmail', { body }) });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { isErrorShownInline: true },
    mutationFn: (token: string) => apiCall('confirmEmailChange', { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
  });
}

/** Puts a cropped PNG through a signed upload URL (auth/put_signed_asset_url); answers the upload's key. */
export async function uploadPicture(png: Blob, fileName: string): Promise<string> {
  const target = await apiCall('putSignedAssetUrl', { body: { fileName, contentType: 'image/png' } });
  const put = await fetch(target.url, { method: 'PUT', body: png, headers: { 'content-type': target.contentType } });
  if (!put.ok) throw new Error(`picture upload answered ${put.status}`);
  return target.key;
}

/** Uploads the cropped PNG, then makes it the user's picture (kept 128x128 by the server). */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (png: Blob) => apiCall('updateAvatar', { body: { key: await uploadPicture(png, 'avatar.png') } }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    // 'Picture has been removed' shows even when the call fails (section 8), so its error is not toasted.
    meta: { isErrorShownInline: true },
    mutationFn: () => apiCall('deleteAvatar'),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser(), user),
  });
}

/** DELETE user; the session ends with the account, so the tokens go and cached data with them. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('deleteUser'),
    onSuccess: () => {
      clearTokens();
      queryClient.clear();
    },
  });
}

/** The owner's view of a document's signers' pictures, by signer id. */
export function useSignerAvatars(documentId: string | undefined) {
  const query = useQuery({
    queryKey: queryKeys.signerAvatars(documentId ?? ''),
    queryFn: ({ signal }) => apiCall('signersAvatars', { params: { documentId: documentId ?? '' }, signal }),
    enabled: documentId !== undefined,
    staleTime: 5 * 60_000,
  });
  return new Map((query.data ?? []).map((entry) => [entry.signerId, entry.avatarUrl]));
}
