import {
  choicesText,
  type DocumentField,
  FIELD_KINDS,
  type FieldSize,
  FONTS,
  fieldDisplayText,
  fieldSettings,
  parseChoicesText,
  type Requisite,
} from '@esign/shared';
import {
  memo,
  type ReactElement,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../../i18n';
import { focusOnMount } from '../../ui/focus-on-mount';
import { RequisiteImage } from '../requisites';
import { type Box, movedBox, resizedBox } from './layout';
import { SIGNER_TINT, signerTextColor } from './signer-colors';

export interface FieldBoxCallbacks {
  onSelect: (id: string) => void;
  /** The end of a drag or resize: one history entry. */
  onBoxChange: (id: string, box: Box) => void;
  /** The preparer typed or ticked a value. */
  onValueChange: (id: string, patch: Partial<DocumentField>) => void;
  /** A click (or double-click) on the preparer's signature or initials: 'Click to sign'. */
  onChooseRequisite: (id: string) => void;
}

interface FieldBoxProps extends FieldBoxCallbacks {
  field: DocumentField;
  scale: number;
  page: FieldSize;
  color: string;
  isSelected: boolean;
  /** The field belongs to the preparer, who fills it while preparing. */
  isOwn: boolean;
  /** The saved signature or initials chosen for the field. */
  requisite?: Requisite;
}

interface Gesture {
  kind: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  start: Box;
  current: Box;
  /** The field was selected before this press: a tap on it acts, a tap on an unselected one only selects it. */
  wasSelected: boolean;
}

const boxOf = (field: DocumentField): Box => ({
  coordinateX: field.coordinateX,
  coordinateY: field.coordinateY,
  width: field.width,
  height: field.height,
});

function placeElement(element: HTMLElement, box: Box, scale: number) {
  element.style.left = `${box.coordinateX * scale}px`;
  element.style.top = `${box.coordinateY * scale}px`;
  element.style.width = `${box.width * scale}px`;
  element.style.height = `${box.height * scale}px`;
}

/**
 * A field on its page. A drag or resize moves the element directly (no React render per frame) and reports one
 * change when it ends; Escape during it puts the field back.
 */
export const FieldBox = memo(function FieldBox(props: FieldBoxProps) {
  const { field, scale, page, color, isSelected, isOwn } = props;
  const elementRef = useRef<HTMLDivElement>(null);
  const gestureRef = useRef<Gesture | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  // The preparer's own text or date is typed in an input shown only while editing: a press anywhere on the field
  // starts a drag, and a click without movement opens the input (so a drag never focuses it, and Ctrl+Z after a
  // drag is the editor's undo).
  const [isEditing, setEditing] = useState(false);

  useEffect(() => {
    if (elementRef.current && gestureRef.current === null) placeElement(elementRef.current, boxOf(field), scale);
  }, [field, scale]);

  useEffect(() => {
    const cancelOnEscape = (event: KeyboardEvent) => {
      const gesture = gestureRef.current;
      if (event.key !== 'Escape' || gesture === null || elementRef.current === null) return;
      event.preventDefault();
      gestureRef.current = null;
      if (elementRef.current.hasPointerCapture(gesture.pointerId)) {
        elementRef.current.releasePointerCapture(gesture.pointerId);
      }
      placeElement(elementRef.current, gesture.start, propsRef.current.scale);
    };
    window.addEventListener('keydown', cancelOnEscape);
    return () => window.removeEventListener('keydown', cancelOnEscape);
  }, []);

  const startGesture = (event: ReactPointerEvent<HTMLDivElement>, kind: Gesture['kind']) => {
    if (event.button !== 0 || elementRef.current === null) return;
    event.stopPropagation();
    props.onSelect(field.id);
    elementRef.current.setPointerCapture(event.pointerId);
    const start = boxOf(field);
    gestureRef.current = {
      wasSelected: isSelected,
      kind,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start,
      current: start,
    };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input:not(:disabled):not([type="checkbox"]), textarea, [data-resize-handle]')) {
      event.stopPropagation();
      props.onSelect(field.id);
      return;
    }
    startGesture(event, 'move');
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const gesture = gestureRef.current;
    if (gesture === null || gesture.pointerId !== event.pointerId || elementRef.current === null) return;
    const delta = { x: event.clientX - gesture.startX, y: event.clientY - gesture.startY };
    gesture.current =
      gesture.kind === 'move'
        ? movedBox(gesture.start, delta, scale, page)
        : resizedBox(
            gesture.start,
            delta,
            scale,
            page,
            FIELD_KINDS[field.type].minSize,
            FIELD_KINDS[field.type].isSquare,
          );
    placeElement(elementRef.current, gesture.current, scale);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    const gesture = gestureRef.current;
    if (gesture === null || gesture.pointerId !== event.pointerId) return;
    gestureRef.current = null;
    const { start, current } = gesture;
    const isChanged =
      start.coordinateX !== current.coordinateX ||
      start.coordinateY !== current.coordinateY ||
      start.width !== current.width ||
      start.height !== current.height;
    if (isChanged) props.onBoxChange(field.id, current);
    else if (gesture.kind === 'move' && isOwn && event.type === 'pointerup') onTap(gesture.wasSelected);
  };

  /**
   * A click that did not move the field: the preparer types their text, or picks their signature. The signature's
   * chooser opens only from a field already selected: the first tap selects it, so it can be moved or resized.
   */
  const onTap = (wasSelected: boolean) => {
    const value = FIELD_KINDS[field.type].value;
    if (value === 'text' || value === 'date') setEditing(true);
    else if (value === 'image' && wasSelected) props.onChooseRequisite(field.id);
  };

  const fontFamily = field.fontFamily ? `"${FONTS[field.fontFamily]}", sans-serif` : undefined;
  const fontSize = field.fontSize ? field.fontSize * scale : 12 * scale;

  return (
    <div
      ref={elementRef}
      data-testid="editor-field"
      data-field-id={field.id}
      data-field-type={field.type}
      data-selected={isSelected || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{
        position: 'absolute',
        left: field.coordinateX * scale,
        top: field.coordinateY * scale,
        width: field.width * scale,
        height: field.height * scale,
        border: `${isSelected ? 2 : 1}px solid ${color}`,
        background: `color-mix(in srgb, ${color} ${SIGNER_TINT * 100}%, transparent)`,
        color: signerTextColor(color),
        boxSizing: 'border-box',
        cursor: 'move',
        touchAction: 'none',
        userSelect: 'none',
        fontFamily,
        fontSize,
        display: 'flex',
        alignItems: 'center',
        justifyContent: FIELD_KINDS[field.type].value === 'checkbox' ? 'center' : 'flex-start',
        // A text is stamped in full even past its box's edge, so the editor shows it in full too.
        overflow: FIELD_KINDS[field.type].stamp === 'text' ? 'visible' : 'hidden',
        zIndex: isSelected ? 2 : 1,
      }}
    >
      <FieldContent
        field={field}
        isOwn={isOwn}
        scale={scale}
        requisite={props.requisite}
        isEditing={isEditing}
        onEditEnd={() => setEditing(false)}
        onValueChange={props.onValueChange}
      />
      {isSelected && (
        <div
          data-resize-handle
          aria-hidden="true"
          onPointerDown={(event) => startGesture(event, 'resize')}
          style={{
            position: 'absolute',
            right: -1,
            bottom: -1,
            width: 10,
            height: 10,
            background: color,
            cursor: 'nwse-resize',
          }}
        />
      )}
    </div>
  );
});

function FieldContent({
  field,
  isOwn,
  scale,
  requisite,
  isEditing,
  onEditEnd,
  onValueChange,
}: {
  field: DocumentField;
  isOwn: boolean;
  scale: number;
  requisite?: Requisite;
  isEditing: boolean;
  onEditEnd: () => void;
  onValueChange: FieldBoxCallbacks['onValueChange'];
}): ReactElement {
  const { t } = useTranslation();
  const kind = FIELD_KINDS[field.type];
  const label = t(kind.labelKey);
  // A field without a value shows its placeholder, where its kind has one, or its type's name.
  const emptyText =
    isOwn && kind.value === 'image'
      ? t('editor.clickToSign')
      : kind.settings.includes('placeholder') && field.placeholder
        ? field.placeholder
        : label;
  const empty = (
    <span style={{ padding: `0 ${2 * scale}px`, whiteSpace: 'nowrap', opacity: 0.85, overflow: 'hidden' }}>
      {kindHint(field, emptyText)}
    </span>
  );
  switch (kind.value) {
    case 'checkbox':
      return (
        <input
          type="checkbox"
          aria-label={label}
          checked={field.checked}
          disabled={!isOwn}
          onChange={(event) => onValueChange(field.id, { checked: event.currentTarget.checked })}
          style={{
            width: '80%',
            height: '80%',
            margin: 0,
            accentColor: 'currentColor',
            pointerEvents: isOwn ? 'auto' : 'none',
          }}
        />
      );
    case 'text':
    case 'date':
      // The preparer ticks their own multiselect's options in place, as their own checkbox.
      if (isOwn && kind.input === 'checks' && fieldSettings(field).choices?.length) {
        return <OwnChecks field={field} label={label} onValueChange={onValueChange} />;
      }
      if (isOwn && isEditing) {
        return <OwnTextInput field={field} label={label} onValueChange={onValueChange} onEditEnd={onEditEnd} />;
      }
      // A multiselect's ticks as the seal prints them (its stored form is a JSON array).
      return isOwn && field.text ? (
        <StampedText text={kind.rule === 'choices' ? fieldDisplayText(field) : field.text} scale={scale} />
      ) : (
        empty
      );
    case 'image':
      return requisite ? (
        <div style={{ width: '100%', pointerEvents: 'none' }}>
          <RequisiteImage requisite={requisite} alt={label} height={field.height * scale - 2} />
        </div>
      ) : (
        empty
      );
  }
}

/**
 * What an empty field of a newer kind shows in the editor (issue 37): a radio group or multiselect its options, one
 * per line, as the signer will see them; a list its name and an arrow; a formula its formula; an attachment a paper
 * clip.
 */
function kindHint(field: DocumentField, text: string): ReactNode {
  const kind = FIELD_KINDS[field.type];
  const settings = fieldSettings(field);
  if ((kind.input === 'group' || kind.input === 'checks') && settings.choices?.length) {
    const mark = kind.input === 'group' ? '○' : '☐';
    return (
      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2 }}>
        {settings.choices.map((choice) => (
          <span key={choice}>
            {mark} {choice}
          </span>
        ))}
      </span>
    );
  }
  if (kind.input === 'list') return `${text} ▾`;
  if (kind.input === 'computed' && settings.formula) return `= ${settings.formula}`;
  if (kind.input === 'file') return `📎 ${text}`;
  return text;
}

/** The preparer's own multiselect: its options as checkboxes, each tick one value change (stored as `choicesText`). */
function OwnChecks({
  field,
  label,
  onValueChange,
}: {
  field: DocumentField;
  label: string;
  onValueChange: FieldBoxCallbacks['onValueChange'];
}) {
  const ticked = parseChoicesText(field.text) ?? [];
  const toggle = (choice: string, isTicked: boolean) => {
    const text = choicesText(field, isTicked ? [...ticked, choice] : ticked.filter((item) => item !== choice));
    onValueChange(field.id, { text: text || null });
  };
  return (
    <fieldset
      aria-label={label}
      style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2, border: 0, margin: 0, padding: '0 2px' }}
    >
      {(fieldSettings(field).choices ?? []).map((choice) => (
        <label key={choice} style={{ display: 'flex', alignItems: 'center', gap: 4, pointerEvents: 'auto' }}>
          <input
            type="checkbox"
            checked={ticked.includes(choice)}
            onChange={(event) => toggle(choice, event.currentTarget.checked)}
            style={{ margin: 0, accentColor: 'currentColor' }}
          />
          {choice}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A text value as the seal stamps it (`stamp-fields.ts`): one line per line, 2 points from the left edge, the block
 * centred vertically, never cut at the box's edge.
 */
function StampedText({ text, scale }: { text: string; scale: number }) {
  return (
    <span
      data-testid="field-text"
      style={{ padding: `0 ${2 * scale}px`, whiteSpace: 'pre', color: '#1a1b1e', lineHeight: 1.2 }}
    >
      {text}
    </span>
  );
}

/** The preparer's own text or date: typed while preparing, one history entry when the input is left. */
function OwnTextInput({
  field,
  label,
  onValueChange,
  onEditEnd,
}: {
  field: DocumentField;
  label: string;
  onValueChange: FieldBoxCallbacks['onValueChange'];
  onEditEnd: () => void;
}) {
  const [value, setValue] = useState(field.text ?? '');
  useEffect(() => setValue(field.text ?? ''), [field.text]);
  const commit = () => {
    const text = value === '' ? null : value;
    if (text !== field.text) onValueChange(field.id, { text });
    onEditEnd();
  };
  return (
    <input
      type="text"
      aria-label={label}
      // Opened by a click on the field: typing starts at once.
      ref={focusOnMount}
      value={value}
      maxLength={1000}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') event.currentTarget.blur();
      }}
      style={{
        // As wide as its text (the stamp is never cut), at least the box.
        width: `max(100%, ${value.length + 2}ch)`,
        height: '100%',
        border: 0,
        background: 'transparent',
        font: 'inherit',
        color: '#1a1b1e',
        padding: '0 2px',
        outline: '1px dashed currentColor',
        cursor: 'text',
      }}
    />
  );
}
