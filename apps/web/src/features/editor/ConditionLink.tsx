import { conditionController, type DocumentField, fieldSettings } from '@esign/shared';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import type { PageBox } from './layout';

/** Where a field's middle is on the column of pages, from the column's middle (pages are centred in it). */
function middleOf(field: DocumentField, boxes: readonly PageBox[]): { x: number; y: number } | null {
  const box = boxes[field.pageNumber - 1];
  if (box === undefined) return null;
  return {
    x: -box.width / 2 + (field.coordinateX + field.width / 2) * box.scale,
    y: box.top + (field.coordinateY + field.height / 2) * box.scale,
  };
}

/**
 * Conditions on the canvas (issue 37): while the pointer is over a field with a condition (or it is selected), a
 * dashed line joins it to the field it hangs on, across pages too. It listens on the pages' column itself, so a
 * hover re-renders this line only, never the pages.
 */
export function ConditionLink({
  columnRef,
  fieldsByPage,
  boxes,
  selectedId,
}: {
  columnRef: RefObject<HTMLElement | null>;
  fieldsByPage: ReadonlyMap<number, DocumentField[]>;
  boxes: readonly PageBox[];
  selectedId: string | null;
}) {
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  useEffect(() => {
    const column = columnRef.current;
    if (column === null) return;
    const onOver = (event: PointerEvent) => {
      const element = (event.target as Element | null)?.closest?.('[data-field-id]');
      setHoveredId(element?.getAttribute('data-field-id') ?? null);
    };
    column.addEventListener('pointerover', onOver);
    return () => column.removeEventListener('pointerover', onOver);
  }, [columnRef]);

  const fields = useMemo(() => [...fieldsByPage.values()].flat(), [fieldsByPage]);
  const id = hoveredId ?? selectedId;
  const field = id === null ? undefined : fields.find((candidate) => candidate.id === id);
  if (!field || !fieldSettings(field).condition) return null;
  const controller = conditionController(fields, field);
  const from = controller ? middleOf(controller, boxes) : null;
  const to = middleOf(field, boxes);
  if (!from || !to) return null;
  return (
    <svg
      data-testid="condition-link"
      aria-hidden="true"
      width={1}
      height={1}
      style={{ position: 'absolute', left: '50%', top: 0, overflow: 'visible', pointerEvents: 'none', zIndex: 2 }}
    >
      <line
        x1={from.x}
        y1={from.y}
        x2={to.x}
        y2={to.y}
        stroke="var(--mantine-color-violet-6)"
        strokeWidth={2}
        strokeDasharray="6 4"
      />
      <circle cx={from.x} cy={from.y} r={4} fill="var(--mantine-color-violet-6)" />
      <circle cx={to.x} cy={to.y} r={4} fill="var(--mantine-color-violet-6)" />
    </svg>
  );
}
