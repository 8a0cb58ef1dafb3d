// @vitest-environment happy-dom
import { blankField, type DocumentField, MESSAGES } from '@esign/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FieldConditionSettings } from './FieldConditionSettings';

const plan = blankField({ id: 'plan', type: 'dropdown', settings: { name: 'Plan', choices: ['Basic', 'Pro'] } });
const agree = blankField({ id: 'agree', type: 'checkbox', settings: { name: 'Agree' } });

function renderCondition(settings: DocumentField['settings'], others: DocumentField[] = [plan, agree]) {
  const onPatch = vi.fn();
  const own = blankField({ id: 'field-1', type: 'text', signerId: 'bob', settings });
  const view = renderWithProviders(<FieldConditionSettings field={own} fields={[own, ...others]} onPatch={onPatch} />);
  return { ...view, onPatch };
}

describe('FieldConditionSettings (issue 37)', () => {
  it('sets a condition on a named field with the first operator its type takes', async () => {
    const { user, onPatch } = renderCondition(null);
    await user.click(screen.getByRole('textbox', { name: /Show only when/ }));
    await user.click(await screen.findByRole('option', { name: 'Agree (Checkbox)' }));
    expect(onPatch).toHaveBeenCalledWith({ settings: { condition: { field: 'Agree', op: 'checked' } } });
  });

  it("offers a list's options as the value", async () => {
    const { user, onPatch } = renderCondition({ condition: { field: 'plan', op: 'equals' } });
    await user.click(screen.getByRole('textbox', { name: 'Value' }));
    await user.click(await screen.findByRole('option', { name: 'Pro' }));
    expect(onPatch).toHaveBeenLastCalledWith({
      settings: { condition: { field: 'plan', op: 'equals', value: 'Pro' } },
    });
  });

  it('names a condition on a field that does not exist, and a cycle', () => {
    const { unmount } = renderCondition({ condition: { field: 'gone', op: 'notEmpty' } });
    expect(screen.getByText(MESSAGES.fieldConditionUnknown)).toBeInTheDocument();
    unmount();
    const loop = blankField({
      id: 'loop',
      type: 'checkbox',
      settings: { name: 'Loop', condition: { field: 'Me', op: 'notEmpty' } },
    });
    renderCondition({ name: 'Me', condition: { field: 'loop', op: 'checked' } }, [loop]);
    expect(screen.getByText(MESSAGES.fieldConditionCycle)).toBeInTheDocument();
  });
});
