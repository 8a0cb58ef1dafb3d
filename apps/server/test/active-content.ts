import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, type PdfRef, PdfStream, PdfString } from '@libpdf/core';
import { createSigner, generateSelfSigned } from '../src/platform/pdf/seal/signing-identity.js';

/** The scripts the test files carry: none of these words may be left in a file once its active content is gone. */
export const SCRIPT_MARKERS = {
  openAction: 'OPEN_ACTION_SCRIPT',
  names: 'DOCUMENT_LEVEL_SCRIPT',
  pageOpen: 'PAGE_OPEN_SCRIPT',
  link: 'LINK_CLICK_SCRIPT',
  field: 'FIELD_KEYSTROKE_SCRIPT',
} as const;

export type ActiveContentKind =
  | 'openActionJavaScript'
  | 'catalogAdditionalActions'
  | 'namesJavaScript'
  | 'pageAdditionalActions'
  | 'launchLink'
  | 'javaScriptLink'
  | 'fieldAdditionalActions';

const name = (value: string) => PdfName.of(value);
const javaScript = (pdf: PDF, script: string, inStream = false): PdfRef =>
  pdf.register(
    PdfDict.of({
      Type: name('Action'),
      S: name('JavaScript'),
      // A script is a string or, as many producers write it, a stream.
      JS: inStream ? pdf.register(new PdfStream([], new TextEncoder().encode(script))) : PdfString.fromString(script),
    }),
  );

function addAnnotation(pdf: PDF, pageIndex: number, annotation: PdfDict) {
  const page = pdf.getPage(pageIndex);
  if (!page) throw new Error('no such page');
  const ref = pdf.register(annotation);
  const annots = page.dict.getArray('Annots');
  if (annots) annots.push(ref);
  else page.dict.set('Annots', PdfArray.of(ref));
  return ref;
}

const rect = () => PdfArray.of(PdfNumber.of(72), PdfNumber.of(700), PdfNumber.of(200), PdfNumber.of(720));

const ADD: Record<ActiveContentKind, (pdf: PDF) => void> = {
  openActionJavaScript(pdf) {
    pdf.getCatalog().set('OpenAction', javaScript(pdf, `app.alert('${SCRIPT_MARKERS.openAction}');`));
  },
  catalogAdditionalActions(pdf) {
    pdf.getCatalog().set('AA', PdfDict.of({ WC: javaScript(pdf, "app.alert('closing');") }));
  },
  namesJavaScript(pdf) {
    const tree = PdfDict.of({
      Names: PdfArray.of(PdfString.fromString('init'), javaScript(pdf, SCRIPT_MARKERS.names, true)),
    });
    pdf.getCatalog().set('Names', pdf.register(PdfDict.of({ JavaScript: pdf.register(tree) })));
  },
  pageAdditionalActions(pdf) {
    pdf.getPage(0)?.dict.set('AA', PdfDict.of({ O: javaScript(pdf, SCRIPT_MARKERS.pageOpen) }));
  },
  launchLink(pdf) {
    addAnnotation(
      pdf,
      0,
      PdfDict.of({
        Type: name('Annot'),
        Subtype: name('Link'),
        Rect: rect(),
        A: PdfDict.of({ S: name('Launch'), F: PdfString.fromString('calc.exe') }),
      }),
    );
  },
  javaScriptLink(pdf) {
    // A harmless first step that hands over to a script (/Next): the whole chain goes.
    const next = javaScript(pdf, SCRIPT_MARKERS.link);
    addAnnotation(
      pdf,
      0,
      PdfDict.of({
        Type: name('Annot'),
        Subtype: name('Link'),
        Rect: rect(),
        A: PdfDict.of({ S: name('URI'), URI: PdfString.fromString('https://example.com/'), Next: next }),
      }),
    );
  },
  fieldAdditionalActions(pdf) {
    const page = pdf.getPage(0);
    if (!page) throw new Error('no page');
    // A text field with its widget as a kid: the field's own /AA (keystroke) and the widget's /AA (focus).
    const field = PdfDict.of({ FT: name('Tx'), T: PdfString.fromString('amount') });
    const fieldRef = pdf.register(field);
    field.set('AA', PdfDict.of({ K: javaScript(pdf, SCRIPT_MARKERS.field) }));
    const widget = PdfDict.of({
      Type: name('Annot'),
      Subtype: name('Widget'),
      Rect: rect(),
      Parent: fieldRef,
      P: page.ref,
      AA: PdfDict.of({ Fo: javaScript(pdf, "app.alert('focus');") }),
    });
    const widgetRef = addAnnotation(pdf, 0, widget);
    field.set('Kids', PdfArray.of(widgetRef));
    pdf.getCatalog().set('AcroForm', pdf.register(PdfDict.of({ Fields: PdfArray.of(fieldRef) })));
  },
};

/**
 * A two-page PDF with the given kinds of active content (none: a plain file), plus a link to a web page that is
 * not active content and must stay.
 */
export async function pdfWith(kinds: readonly ActiveContentKind[] = []): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage({ width: 612, height: 792 });
  pdf.addPage({ width: 612, height: 792 });
  addAnnotation(
    pdf,
    1,
    PdfDict.of({
      Type: name('Annot'),
      Subtype: name('Link'),
      Rect: rect(),
      A: PdfDict.of({ S: name('URI'), URI: PdfString.fromString('https://example.com/terms') }),
    }),
  );
  for (const kind of kinds) ADD[kind](pdf);
  return pdf.save();
}

/** A PDF that opens at its second page: an /OpenAction that is a destination, not a script. */
export async function pdfOpeningAtPage2(form: 'destination' | 'goTo'): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage();
  const second = pdf.addPage();
  const destination = PdfArray.of(second.ref, name('Fit'));
  pdf
    .getCatalog()
    .set('OpenAction', form === 'destination' ? destination : PdfDict.of({ S: name('GoTo'), D: destination }));
  return pdf.save();
}

/** The bytes digitally signed (a signed signature field, as an incremental update), so changing them breaks it. */
export async function signed(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const signer = await createSigner(generateSelfSigned('Earlier Signer', new Date()));
  return (await pdf.sign({ signer, subFilter: 'ETSI.CAdES.detached', level: 'B-B', fieldName: 'Earlier' })).bytes;
}

/** True when the text occurs anywhere in the file's bytes. */
export function includesText(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text);
}
