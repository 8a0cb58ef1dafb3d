import { type Document, templateFormSchema } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { templateFormValues } from './TemplateDetails';
import { TEMPLATE_KINDS } from './template-kinds';

const signer = (values: Partial<Document['signers'][number]>) => values as Document['signers'][number];

describe('templateFormValues', () => {
  it("gives the form values its schema takes, whatever step a template's signer answers", () => {
    // The cause: a step below 1 (an edited live form's copy) went into the values, the schema refused it unseen, and
    // 'Prepare Form' did nothing.
    const template = {
      title: 'Visitor NDA',
      signers: [
        signer({
          id: '00000000-0000-4000-8000-000000000001',
          role: 'SIGNER',
          isPreparer: false,
          recipientRole: 'signer',
          step: 0,
        }),
      ],
    } as unknown as Document;
    const values = templateFormValues(template, TEMPLATE_KINDS.form_request);
    expect(templateFormSchema.safeParse(values).success).toBe(true);
    expect(values.roles).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', role: 'SIGNER', recipientRole: 'signer', verification: 'none' },
    ]);
    const stepped = templateFormValues(
      {
        ...template,
        signers: [signer({ id: '00000000-0000-4000-8000-000000000002', role: 'Buyer', isPreparer: false, step: 2 })],
      } as Document,
      TEMPLATE_KINDS.template,
    );
    expect(stepped.roles[0]).toMatchObject({ step: 2 });
  });
});
