import { DEFAULT_FIELD_DATE_FORMAT, type DocumentFieldResponse, FIELD_KINDS } from '@esign/shared';
import type { Translate } from '../../i18n';

/** What the field asks for, in a few words: its placeholder, its type ('Signature'), a date with its format. */
export function fieldLabel(t: Translate, field: DocumentFieldResponse): string {
  const label = t(FIELD_KINDS[field.type].labelKey);
  if (FIELD_KINDS[field.type].value === 'date') {
    return t('signing.dateFieldLabel', { label, format: field.dateFormat ?? DEFAULT_FIELD_DATE_FORMAT });
  }
  return field.placeholder ?? label;
}

/** The field's accessible name on the page: 'Signature for Bob, required, page 2'. */
export function fieldAccessibleName(t: Translate, field: DocumentFieldResponse, signerName: string): string {
  const values = { label: fieldLabel(t, field), name: signerName, page: field.pageNumber };
  return field.required ? t('signing.fieldNameRequired', values) : t('signing.fieldNameOptional', values);
}
