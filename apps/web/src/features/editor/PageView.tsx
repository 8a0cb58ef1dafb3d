import type { DocumentField, FieldType, Requisite, Signer } from '@esign/shared';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { type DragEvent, memo, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { PdfPageCanvas } from '../pdf/PdfPageCanvas';
import { FieldBox, type FieldBoxCallbacks } from './FieldBox';
import { EDITOR_FRAME, type PageBox } from './layout';
import { signerCssColor } from './signer-colors';

/** The drag data type of a field dragged from the 'Fields' bar. */
export const NEW_FIELD_DRAG_TYPE = 'application/x-esign-field';

export interface PageCallbacks extends FieldBoxCallbacks {
  onDeselect: () => void;
  /** A field dropped from the bar, at a point of the page in PDF points. */
  onDropNew: (type: FieldType, pageNumber: number, point: { x: number; y: number }) => void;
  onRendered: (pageNumber: number) => void;
}

interface PageViewProps extends PageCallbacks {
  box: PageBox;
  pdf: PDFDocumentProxy | null;
  fields: readonly DocumentField[];
  selectedId: string | null;
  signersById: ReadonlyMap<string, Signer>;
  requisitesById: ReadonlyMap<string, Requisite>;
  /** The field popup, shown under the selected field when it is on this page. */
  popup: ReactNode;
}

/** One page of the column: its drawing, and its fields on top. */
export const PageView = memo(function PageView(props: PageViewProps) {
  const { box, pdf, fields, selectedId, signersById } = props;
  const { t } = useTranslation();
  const selectedField = fields.find((field) => field.id === selectedId);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const type = event.dataTransfer.getData(NEW_FIELD_DRAG_TYPE) as FieldType;
    if (!type) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    props.onDropNew(type, box.pageNumber, {
      x: (event.clientX - rect.left) / box.scale,
      y: (event.clientY - rect.top) / box.scale,
    });
  };

  return (
    <section
      data-testid="editor-page"
      data-page-number={box.pageNumber}
      aria-label={t('editor.page', { page: box.pageNumber })}
      onPointerDown={props.onDeselect}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(NEW_FIELD_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={onDrop}
      style={{
        position: 'absolute',
        top: box.top,
        left: '50%',
        marginLeft: -box.width / 2,
        width: box.width,
        height: box.height,
        background: '#fff',
        boxShadow: EDITOR_FRAME.pageShadow,
      }}
    >
      {pdf && (
        <PdfPageCanvas
          pdf={pdf}
          pageNumber={box.pageNumber}
          width={box.width}
          height={box.height}
          onRendered={props.onRendered}
        />
      )}
      {fields.map((field) => {
        const signer = field.signerId ? signersById.get(field.signerId) : undefined;
        return (
          <FieldBox
            key={field.id}
            field={field}
            scale={box.scale}
            page={box.points}
            color={signerCssColor(signer)}
            isSelected={field.id === selectedId}
            isOwn={signer?.isPreparer === true}
            requisite={field.requisiteId ? props.requisitesById.get(field.requisiteId) : undefined}
            onSelect={props.onSelect}
            onBoxChange={props.onBoxChange}
            onValueChange={props.onValueChange}
            onChooseRequisite={props.onChooseRequisite}
          />
        );
      })}
      {props.popup && selectedField && (
        <div
          onPointerDown={(event) => event.stopPropagation()}
          style={{
            position: 'absolute',
            left: Math.min(selectedField.coordinateX * box.scale, Math.max(0, box.width - 280)),
            top: (selectedField.coordinateY + selectedField.height) * box.scale + 8,
            width: 280,
            zIndex: 4,
          }}
        >
          {props.popup}
        </div>
      )}
    </section>
  );
});
