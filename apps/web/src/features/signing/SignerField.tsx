import {
  type DocumentFieldResponse,
  FIELD_KINDS,
  FONT_SIZE,
  FONTS,
  fieldDisplayText,
  type Requisite,
  type RequisiteType,
} from '@esign/shared';
import { type CSSProperties, type ReactElement, Suspense } from 'react';
import { lazyComponent } from '../../app/lazy-component';
import { type TranslationKey, useTranslation } from '../../i18n';
import { fittedFontSize } from './label-fit';

// A saved signature shows only once chosen: its code (and the requisites' API) loads then, after the first page.
const RequisiteImage = lazyComponent(async () => (await import('../requisites/RequisiteImage')).RequisiteImage);

/** The colour of the signing mode ('user'); other signers' fields are grey. */
export const USER_COLOR = '#3b5bdb';
const OTHERS_COLOR = '#868e96';
/** What the button of an empty signature or initials field says. */
const CHOOSE_TEXT: Record<RequisiteType, TranslationKey> = {
  sign: 'signing.signature',
  initial: 'signing.initials',
  stamp: 'fieldTypes.stamp',
};

/** A field as the signer page has it: a value already given by someone else carries its picture's URL. */
export type SignerPageField = DocumentFieldResponse & { imageUrl?: string | null };

interface SignerFieldProps {
  field: SignerPageField;
  scale: number;
  /** The signer's own field, and it is the signer's turn: it can be filled in. */
  isEditable: boolean;
  isOwn: boolean;
  isActive: boolean;
  /** Opens the field's step. */
  onOpen: (field: DocumentFieldResponse) => void;
  /** 'Signature for Bob, required, page 2'. */
  accessibleName: string;
  /** The saved signature chosen for this field, when there is one to show. */
  requisite?: Requisite | undefined;
}

/** One field on the page, placed in PDF points times the page's scale, filled in where it stands. */
export function SignerField({
  field,
  scale,
  isEditable,
  isOwn,
  isActive,
  onOpen,
  accessibleName,
  requisite,
}: SignerFieldProps): ReactElement {
  const { t } = useTranslation();
  const color = isOwn ? USER_COLOR : OTHERS_COLOR;
  const box: CSSProperties = {
    position: 'absolute',
    left: field.coordinateX * scale,
    top: field.coordinateY * scale,
    width: field.width * scale,
    height: field.height * scale,
    border: `${isActive ? 2 : 1}px ${field.signed ? 'solid' : 'dashed'} ${color}`,
    background: field.signed ? 'transparent' : `${color}1f`,
    boxSizing: 'border-box',
    borderRadius: 2,
    outline: isActive ? `3px solid ${color}55` : undefined,
  };
  const fontFamily = field.fontFamily ? FONTS[field.fontFamily] : 'Arial';
  const fontSize = Math.max(8, (field.fontSize ?? FONT_SIZE.default) * scale);
  const kind = FIELD_KINDS[field.type];
  const label = t(kind.labelKey);
  const inputStyle: CSSProperties = {
    width: '100%',
    height: '100%',
    border: 'none',
    background: 'transparent',
    padding: '0 2px',
    fontFamily,
    fontSize,
    color: '#1a1a1a',
    outline: 'none',
    boxSizing: 'border-box',
  };

  if (!isEditable) {
    // The signer's own value when it is not their turn, and every value already given (the sender's, earlier
    // signers'): read-only, as the seal will stamp it.
    const hasGivenValue = !isOwn && hasValue(field);
    return (
      <div
        style={{ ...box, ...(hasGivenValue ? { border: 'none', background: 'transparent' } : {}) }}
        data-field-id={field.id}
        data-signed={field.signed}
        data-given={hasGivenValue || undefined}
        aria-hidden={!isOwn && !hasGivenValue}
      >
        {isOwn || hasGivenValue ? (
          <ShownValue field={field} scale={scale} label={label} requisite={requisite} style={inputStyle} />
        ) : null}
      </div>
    );
  }

  // The signer's own field, in their turn: a button at least 44 x 44 CSS px whatever the field's size (the box is
  // drawn inside it at the field's size), named for screen readers ('Signature for Bob, required, page 2'); it
  // opens the field's step (StepSheet), where the value is given.
  const target = touchTarget(field, scale);
  return (
    <button
      type="button"
      id={`field-${field.id}`}
      className="signer-field"
      aria-label={accessibleName}
      data-field-id={field.id}
      data-signed={field.signed}
      onClick={() => onOpen(field)}
      style={{
        position: 'absolute',
        ...target,
        padding: 0,
        border: 'none',
        background: 'transparent',
        cursor: 'pointer',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <span
        style={{
          ...box,
          position: 'static',
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: kind.value === 'checkbox' || kind.value === 'image' ? 'center' : 'flex-start',
          overflow: 'visible',
          color,
          fontSize: kind.value === 'image' ? Math.max(10, 12 * scale) : fontSize,
          fontWeight: kind.value === 'image' ? 600 : undefined,
          fontFamily: kind.value === 'image' ? undefined : fontFamily,
        }}
      >
        {field.signed ? (
          <ShownValue field={field} scale={scale} label={label} requisite={requisite} style={inputStyle} />
        ) : kind.value === 'image' ? (
          t(CHOOSE_TEXT[kind.requisiteType])
        ) : kind.value === 'checkbox' ? null : (
          // In the field's colour, not faded: at least 4.5:1 on the box's tint (a faded label read about 2.8:1).
          <span
            style={{
              padding: '0 2px',
              whiteSpace: 'nowrap',
              fontSize: fittedFontSize(field.placeholder ?? label, field.width * scale, fontSize),
            }}
          >
            {field.placeholder ?? label}
          </span>
        )}
      </span>
    </button>
  );
}

/** The smallest touch target a finger hits reliably (WCAG 2.5.5, Apple's and Google's guidance). */
export const TOUCH_TARGET_PX = 44;

/** The field's button: its box, grown about its centre to at least TOUCH_TARGET_PX each way. */
export function touchTarget(
  field: { coordinateX: number; coordinateY: number; width: number; height: number },
  scale: number,
) {
  const width = Math.max(TOUCH_TARGET_PX, field.width * scale);
  const height = Math.max(TOUCH_TARGET_PX, field.height * scale);
  return {
    left: (field.coordinateX + field.width / 2) * scale - width / 2,
    top: (field.coordinateY + field.height / 2) * scale - height / 2,
    width,
    height,
  };
}

function hasValue(field: SignerPageField): boolean {
  return Boolean(field.text) || field.checked || Boolean(field.imageUrl);
}

/** A field's value when it cannot be changed: the signer's own out of turn, or one already given by someone else. */
function ShownValue({
  field,
  scale,
  label,
  requisite,
  style,
}: {
  field: SignerPageField;
  scale: number;
  label: string;
  requisite: Requisite | undefined;
  style: CSSProperties;
}): ReactElement | null {
  switch (FIELD_KINDS[field.type].value) {
    case 'text':
    case 'date':
      // As the seal stamps it: in full, even past the box's edge.
      return field.text ? (
        <span style={{ ...style, display: 'flex', alignItems: 'center', whiteSpace: 'pre', overflow: 'visible' }}>
          {fieldDisplayText(field)}
        </span>
      ) : null;
    case 'checkbox':
      return field.checked ? <Check size={field.height * scale} /> : null;
    case 'image':
      if (field.imageUrl) {
        return (
          <img
            src={field.imageUrl}
            alt={label}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block', margin: 'auto' }}
          />
        );
      }
      return field.signed ? <SignatureMark field={field} scale={scale} label={label} requisite={requisite} /> : null;
  }
}

/** A signed signature or initials field: the chosen image, or 'Signed' when it is not known here (a reload). */
function SignatureMark({
  field,
  scale,
  label,
  requisite,
}: {
  field: DocumentFieldResponse;
  scale: number;
  label: string;
  requisite: Requisite | undefined;
}) {
  const { t } = useTranslation();
  if (requisite) {
    return (
      <Suspense fallback={null}>
        <RequisiteImage requisite={requisite} alt={label} height={Math.max(8, field.height * scale - 4)} />
      </Suspense>
    );
  }
  return <>{t('signing.signed')}</>;
}

function Check({ size }: { size: number }) {
  return (
    <svg width={size * 0.8} height={size * 0.8} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M4 12l5 5L20 6" fill="none" stroke="#1a1a1a" strokeWidth={3} strokeLinecap="round" />
    </svg>
  );
}
