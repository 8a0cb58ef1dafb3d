// @vitest-environment happy-dom
import type { DocumentFieldResponse } from '@esign/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signerField } from '../../test/fields';
import { renderWithProviders } from '../../test/render';
import { withFormulas } from './field-logic';
import { preloadKindInputs, StepSheet } from './StepSheet';
import type { FieldValues } from './signing-steps';

/** The step of one field, its value kept as the signer page keeps it; the value shown in a probe. */
function Sheet({ initial }: { initial: DocumentFieldResponse }) {
  const [field, setField] = useState(initial);
  const onChange = (_id: string, value: FieldValues[string]) => setField((current) => ({ ...current, ...value }));
  return (
    <>
      <StepSheet
        field={field}
        signerName="Bob Signer"
        position={1}
        count={1}
        isLastStep={false}
        canGoBack={false}
        requisite={undefined}
        onChange={onChange}
        onChooseSignature={vi.fn()}
        onNext={vi.fn()}
        onBack={vi.fn()}
        onClose={vi.fn()}
      />
      <span data-testid="value">{field.text ?? ''}</span>
    </>
  );
}

const render = (field: Partial<DocumentFieldResponse> & Pick<DocumentFieldResponse, 'type'>) =>
  renderWithProviders(<Sheet initial={signerField({ id: 'f1', ...field })} />);

// The controls' code loads on first use (StepSheet's lazy import): loaded once here, so no step waits for it.
beforeAll(async () => {
  await preloadKindInputs();
}, 60_000);

describe('the newer kinds on the signer page (issue 37)', () => {
  it('takes a number with its units, and says inline what is wrong with it', async () => {
    const { user } = render({ type: 'number', settings: { max: 10, decimals: 1, prefix: '€', suffix: 'k' } });
    const input = await screen.findByRole('textbox', { name: 'Number' });
    expect(input).toHaveFocus();
    expect(screen.getByText('€')).toBeInTheDocument();
    expect(screen.getByText('k')).toBeInTheDocument();
    await user.type(input, '1.25');
    expect(screen.getByRole('alert')).toHaveTextContent('The number has too many decimal places');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '11');
    expect(screen.getByRole('alert')).toHaveTextContent('The number is above the largest allowed (10)');
    await user.clear(input);
    await user.type(input, '9,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('9,5');
  });

  it('chooses one option of a dropdown', async () => {
    const { user } = render({ type: 'dropdown', settings: { choices: ['Basic', 'Pro', 'Team'] } });
    const select = await screen.findByRole('combobox', { name: 'Dropdown' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose…',
      'Basic',
      'Pro',
      'Team',
    ]);
    await user.selectOptions(select, 'Pro');
    expect(screen.getByTestId('value')).toHaveTextContent('Pro');
  });

  it('draws a multiselect as a group of checkboxes: ticks kept in the options’ order, counts said inline', async () => {
    const { user } = render({
      type: 'multiselect',
      settings: { choices: ['Support', 'Training', 'Audit'], minChoices: 2, maxChoices: 2 },
    });
    const group = await screen.findByRole('group', { name: 'Multiple choice' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Support' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Audit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick at least 2 options');
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('["Support","Audit"]');
    await user.click(screen.getByRole('checkbox', { name: 'Training' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick at most 2 options');
    await user.click(screen.getByRole('checkbox', { name: 'Training' }));
    await user.click(screen.getByRole('checkbox', { name: 'Audit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    expect(screen.getByRole('checkbox', { name: 'Support' })).not.toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
  });

  it('draws a radio field as a group of round buttons, one chosen', async () => {
    const { user } = render({ type: 'radio', settings: { choices: ['Monthly', 'Yearly'] } });
    const group = await screen.findByRole('radiogroup', { name: 'Radio buttons' });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(screen.getByRole('radio', { name: 'Yearly' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Monthly' })).not.toBeChecked();
    expect(screen.getByTestId('value')).toHaveTextContent('Yearly');
  });

  it('reads a phone number in the chosen country into E.164 when it is left', async () => {
    const { user } = render({ type: 'phone', settings: { country: 'GB' } });
    const input = await screen.findByRole('textbox', { name: 'Phone' });
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('GB');
    await user.type(input, '020 7946 0958');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByTestId('value')).toHaveTextContent('+442079460958');
    await user.clear(input);
    await user.type(input, '+1 555');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid phone number');
  });

  it("shows a formula's computed value read-only", async () => {
    render({ type: 'formula', text: '35.96', settings: { formula: 'a * b', prefix: '$' } });
    expect(await screen.findByTestId('formula-value')).toHaveTextContent('$35.96');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Computed from the other fields')).toBeInTheDocument();
  });

  it("keeps a locked name as the signer's own", async () => {
    render({ type: 'name', text: 'Ada Lovelace', settings: { locked: true } });
    const input = await screen.findByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Ada Lovelace');
    expect(input).toHaveAttribute('readonly');
  });

  it('shows a locked prefilled choice, number, text and checkbox as given, read-only (issue 37)', async () => {
    const first = render({ type: 'dropdown', text: 'Pro', settings: { choices: ['Basic', 'Pro'], locked: true } });
    expect(await screen.findByTestId('locked-value')).toHaveTextContent('Pro');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Given before signing: it cannot be changed')).toBeInTheDocument();
    first.unmount();

    const second = render({ type: 'number', text: '12.5', settings: { locked: true } });
    expect(await screen.findByRole('textbox')).toHaveAttribute('readonly');
    second.unmount();

    const third = render({ type: 'text', text: 'Net 30', settings: { locked: true } });
    expect(screen.getByRole('textbox')).toHaveAttribute('readonly');
    third.unmount();

    render({ type: 'checkbox', checked: true, settings: { locked: true } });
    expect(screen.getByRole('checkbox')).toBeDisabled();
    expect(screen.getByText('Given before signing: it cannot be changed')).toBeInTheDocument();
  });

  it('lets the signer change an unlocked prefilled value', async () => {
    render({ type: 'dropdown', text: 'Pro', settings: { choices: ['Basic', 'Pro'] } });
    expect(await screen.findByRole('combobox')).toHaveValue('Pro');
    expect(screen.queryByTestId('locked-value')).toBeNull();
  });

  it("shows the sender's own message under a text with a custom pattern", async () => {
    const { user } = render({
      type: 'text',
      placeholder: 'Code',
      settings: { pattern: 'custom', customPattern: '[A-Z]{2}\\d{4}', patternMessage: 'Two capitals, four digits' },
    });
    const input = screen.getByRole('textbox', { name: 'Code' });
    await user.type(input, 'ab12');
    expect(await screen.findByRole('alert')).toHaveTextContent('Two capitals, four digits');
    await user.clear(input);
    await user.type(input, 'AB1234');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('computes the signer’s formulas from every number field as the signer types', () => {
    const fields = [
      signerField({ id: 'p', type: 'number', signerId: 's1', settings: { name: 'price' } }),
      signerField({ id: 'q', type: 'number', signerId: 's2', text: '3', settings: { name: 'qty' } }),
      signerField({ id: 't', type: 'formula', signerId: 's1', settings: { formula: 'price * qty' } }),
      signerField({ id: 'bad', type: 'formula', signerId: 's1', settings: { formula: 'price / 0' } }),
    ];
    expect(withFormulas(fields, 's1', { p: { text: '9.99' } })).toEqual({
      p: { text: '9.99' },
      t: { text: '29.97' },
      bad: { text: null },
    });
    const none = { p: { text: '1' } };
    expect(withFormulas(fields, 's2', none)).toBe(none);
  });
});
