import { REQUISITE_LIMITS } from '@esign/shared';

/** Why a picked file cannot be a signature image (its name's type, or over 40 MB), or null when it can. */
export function uploadProblem(file: { name: string; size: number }): 'type' | 'size' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(REQUISITE_LIMITS.imageExtensions as readonly string[]).includes(extension)) return 'type';
  if (file.size > REQUISITE_LIMITS.maxImageBytes) return 'size';
  return null;
}
