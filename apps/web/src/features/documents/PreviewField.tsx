import { type DocumentFieldResponse, FIELD_KINDS, FONT_SIZE, FONTS, fieldDisplayText } from '@esign/shared';
import type { CSSProperties, ReactElement } from 'react';
import { useTranslation } from '../../i18n';
import { SIGNER_TINT, signerTextColor } from '../editor/signer-colors';

interface PreviewFieldProps {
  field: DocumentFieldResponse;
  /** Rendered width / page width: field coordinates are PDF points, origin top-left. */
  scale: number;
  color: string;
}

/** The value a signed field shows: its text, a tick for a checked box, 'Signed' for a signature or initials. */
function FieldValue({ field, scale }: { field: DocumentFieldResponse; scale: number }): ReactElement | null {
  const { t } = useTranslation();
  if (!field.signed) return null;
  switch (FIELD_KINDS[field.type].value) {
    case 'text':
    case 'date':
      return <span>{fieldDisplayText(field)}</span>;
    case 'checkbox':
      return (
        <svg width={field.height * scale * 0.8} height={field.height * scale * 0.8} viewBox="0 0 24 24" aria-hidden>
          <path d="M4 12l5 5L20 6" fill="none" stroke="#1a1a1a" strokeWidth={3} strokeLinecap="round" />
        </svg>
      );
    case 'image':
      return <span>{t('signing.signed')}</span>;
  }
}

/** One read-only field box on a previewed page, in its signer's colour; its type, and its value once signed. */
export function PreviewField({ field, scale, color }: PreviewFieldProps) {
  const { t } = useTranslation();
  const label = t(FIELD_KINDS[field.type].labelKey);
  const fontSize = Math.max(8, (field.fontSize ?? FONT_SIZE.default) * scale);
  const box: CSSProperties = {
    position: 'absolute',
    left: field.coordinateX * scale,
    top: field.coordinateY * scale,
    width: field.width * scale,
    height: field.height * scale,
    border: `1px ${field.signed ? 'solid' : 'dashed'} ${color}`,
    background: `color-mix(in srgb, ${color} ${SIGNER_TINT * 100}%, transparent)`,
    boxSizing: 'border-box',
    borderRadius: 2,
    display: 'flex',
    alignItems: 'center',
    justifyContent: FIELD_KINDS[field.type].value === 'checkbox' ? 'center' : 'flex-start',
    padding: '0 2px',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    fontFamily: field.fontFamily ? FONTS[field.fontFamily] : 'Arial',
    fontSize,
    color: '#1a1a1a',
  };
  return (
    <div style={box} data-testid="preview-field" data-field-id={field.id} data-signed={field.signed} title={label}>
      {field.signed ? (
        <FieldValue field={field} scale={scale} />
      ) : (
        <span
          style={{
            color: signerTextColor(color),
            fontWeight: 600,
            fontSize: Math.max(9, 11 * scale),
            fontFamily: 'var(--mantine-font-family)',
          }}
        >
          {label}
        </span>
      )}
    </div>
  );
}
