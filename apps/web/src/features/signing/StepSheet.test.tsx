// @vitest-environment happy-dom
import type { DocumentFieldResponse } from '@esign/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signerField } from '../../test/fields';
import { renderWithProviders } from '../../test/render';
import { StepSheet, type StepSheetProps } from './StepSheet';
import type { FieldValues } from './signing-steps';

type Handlers = Pick<StepSheetProps, 'onChooseSignature' | 'onNext' | 'onBack' | 'onClose'>;

/** The sheet with its field's value kept as the signer page keeps it: what is typed shows. */
function Sheet({ initial, ...props }: Handlers & Partial<StepSheetProps> & { initial: DocumentFieldResponse }) {
  const [field, setField] = useState(initial);
  const onChange = (_id: string, value: FieldValues[string]) => setField((current) => ({ ...current, ...value }));
  return (
    <StepSheet
      field={field}
      signerName="Bob Signer"
      position={2}
      count={3}
      isLastStep={false}
      canGoBack
      requisite={undefined}
      onChange={onChange}
      {...props}
    />
  );
}

function renderSheet(initial: DocumentFieldResponse, props: Partial<StepSheetProps> = {}) {
  const handlers = { onChooseSignature: vi.fn(), onNext: vi.fn(), onBack: vi.fn(), onClose: vi.fn() };
  const view = renderWithProviders(<Sheet initial={initial} {...handlers} {...props} />);
  return { ...view, ...handlers };
}

describe('StepSheet', () => {
  it("names the field and the step, and focuses a text's input, where typing shows", async () => {
    const { user } = renderSheet(signerField({ id: 'f1', type: 'text', placeholder: 'Company', pageNumber: 2 }));
    expect(screen.getByRole('dialog', { name: 'Company for Bob Signer, required, page 2' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Company' });
    expect(input).toHaveFocus();
    await user.type(input, 'Acme Ltd');
    expect(input).toHaveValue('Acme Ltd');
  });

  it('goes on with Enter in the input and with Next, back with Back, and closes with Escape and Close', async () => {
    const { user, onNext, onBack, onClose } = renderSheet(signerField({ id: 'f1', type: 'text', required: false }));
    expect(screen.getByRole('dialog', { name: 'Text for Bob Signer, page 1' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onNext).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('textbox'));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers Submit on the last step and no Back on the first', async () => {
    const { user, onNext, onBack } = renderSheet(signerField({ id: 'f1', type: 'checkbox' }), {
      isLastStep: true,
      canGoBack: false,
    });
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('ticks a checkbox by its label', async () => {
    const { user } = renderSheet(signerField({ id: 'f1', type: 'checkbox' }));
    const box = screen.getByRole('checkbox', { name: 'Checkbox' });
    expect(box).toHaveFocus();
    await user.click(screen.getByText('Checkbox'));
    expect(box).toBeChecked();
  });

  it('asks for a date in its format, numbers only, ten characters at most', async () => {
    const { user } = renderSheet(signerField({ id: 'f1', type: 'date', dateFormat: 'DD/MM/YYYY' }));
    const input = screen.getByRole('textbox', { name: 'Date (DD/MM/YYYY)' });
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '31/12/2026 and more');
    expect(input).toHaveValue('31/12/2026');
  });

  it("opens the signature chooser from a signature's or initials' step", async () => {
    const field = signerField({ id: 'f1', type: 'initials' });
    const { user, onChooseSignature } = renderSheet(field);
    const choose = screen.getByRole('button', { name: 'Initials' });
    expect(choose).toHaveFocus();
    await user.click(choose);
    expect(onChooseSignature).toHaveBeenCalledWith(field);
  });
});
