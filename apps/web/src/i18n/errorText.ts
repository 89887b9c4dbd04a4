import type { TFunction } from 'i18next';
import { isApiError } from '../api/client.ts';

/**
 * The text to show for a failed call. English shows the server's own message (the spec's wording);
 * other languages show the translation of the error's key when the catalogue has it.
 */
export function errorText(t: TFunction, exists: (key: string) => boolean, language: string, error: unknown): string {
  if (!isApiError(error)) return t('errors.unknown');
  if (error.code === 'network' || error.code === 'bad_response') return t(`errors.${error.code}`);
  if (language === 'en') return error.message;
  const key = error.key ?? (error.code === null ? null : `errors.${error.code}`);
  return key !== null && exists(key) ? t(key) : error.message;
}
