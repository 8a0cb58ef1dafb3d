// @vitest-environment happy-dom
import { blankField, type DocumentField, MESSAGES } from '@esign/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FieldKindSettings } from './FieldKindSettings';

function renderKind(field: Partial<DocumentField> & Pick<DocumentField, 'type'>, others: DocumentField[] = []) {
  const onPatch = vi.fn();
  const own = blankField({ id: 'field-1', signerId: 'bob', ...field });
  const view = renderWithProviders(<FieldKindSettings field={own} fields={[own, ...others]} onPatch={onPatch} />);
  return { ...view, onPatch };
}

describe('FieldKindSettings (issue 37)', () => {
  it("edits a dropdown's options one per line, as one settings change when left", async () => {
    const { user, onPatch } = renderKind({ type: 'dropdown', settings: { name: 'plan' } });
    const options = screen.getByRole('textbox', { name: /Options/ });
    await user.type(options, 'Basic{Enter} Pro {Enter}{Enter}Basic');
    expect(onPatch).not.toHaveBeenCalled();
    await user.tab();
    expect(onPatch).toHaveBeenCalledTimes(1);
    expect(onPatch).toHaveBeenCalledWith({ settings: { name: 'plan', choices: ['Basic', 'Pro'] } });
  });

  it("sets a number's bounds and units, and clears a setting to none", async () => {
    const { user, onPatch } = renderKind({ type: 'number', settings: { max: 9 } });
    await user.type(screen.getByRole('textbox', { name: 'Smallest value' }), '2');
    await user.tab();
    expect(onPatch).toHaveBeenLastCalledWith({ settings: { max: 9, min: 2 } });
    await user.clear(screen.getByRole('textbox', { name: 'Largest value' }));
    await user.tab();
    expect(onPatch).toHaveBeenLastCalledWith({ settings: null });
    expect(screen.queryByRole('checkbox', { name: /Locked/ })).toBeNull();
  });

  it('checks a formula against the number fields by name', () => {
    const price = blankField({ id: 'price', type: 'number', settings: { name: 'price' } });
    renderKind({ type: 'formula', settings: { formula: 'price * qty' } }, [price]);
    expect(screen.getByText('Formula refers to an unknown field: qty')).toBeInTheDocument();
  });

  it('offers a custom pattern with its message, and names a pattern that cannot be used', () => {
    renderKind({ type: 'text', settings: { pattern: 'custom', customPattern: '(a+)+' } });
    expect(screen.getByRole('textbox', { name: 'Message when it does not match' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.fieldPatternInvalid)).toBeInTheDocument();
  });

  it("sets a multiselect's counts of ticks, and names a minimum above its options", async () => {
    const { user, onPatch } = renderKind({ type: 'multiselect', settings: { choices: ['A', 'B'], minChoices: 3 } });
    expect(screen.getByText(MESSAGES.fieldChoiceCountInvalid)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Most options to tick' }), '2');
    await user.tab();
    expect(onPatch).toHaveBeenLastCalledWith({ settings: { choices: ['A', 'B'], minChoices: 3, maxChoices: 2 } });
  });

  it('asks the country of a postcode pattern', () => {
    renderKind({ type: 'text', settings: { pattern: 'postcode', postcodeCountry: 'NL' } });
    expect(screen.getByRole('textbox', { name: 'Country of the postcode' })).toHaveValue('Netherlands');
  });

  it('locks a name to the signer’s own details', async () => {
    const { user, onPatch } = renderKind({ type: 'name' });
    await user.click(screen.getByRole('checkbox', { name: /Locked/ }));
    expect(onPatch).toHaveBeenCalledWith({ settings: { locked: true } });
  });
});
