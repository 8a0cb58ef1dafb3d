// @vitest-environment happy-dom
import { blankField, type DocumentField, MESSAGES, type Signer } from '@esign/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FieldSettings } from './FieldSettings';

const signer = (values: Partial<Signer> & Pick<Signer, 'id'>): Signer => ({
  userId: null,
  name: '',
  email: '',
  role: null,
  order: 1,
  recipientRole: 'signer',
  step: 1,
  isPreparer: false,
  isFinished: false,
  ...values,
});
const ME = signer({ id: 'me', name: 'Grace Hopper', email: 'grace@example.com', order: -1, isPreparer: true });
const BOB = signer({ id: 'bob', name: 'Bob Signer', email: 'bob@example.com' });
const CLIENT = signer({ id: 'client', role: 'Client', order: 2 });
const SIGNERS = [ME, BOB, CLIENT];

function renderSettings(
  field: Partial<DocumentField> & Pick<DocumentField, 'type'>,
  variant: 'panel' | 'popup' = 'panel',
) {
  const onAssign = vi.fn();
  const onPatch = vi.fn();
  const view = renderWithProviders(
    <FieldSettings
      field={blankField({ id: 'field-1', signerId: 'bob', ...field })}
      signers={SIGNERS}
      onAssign={onAssign}
      onPatch={onPatch}
      variant={variant}
    />,
  );
  return { ...view, onAssign, onPatch };
}

describe('FieldSettings', () => {
  it('asks in the popup who fills a text and who checks a checkbox, and assigns the one chosen', async () => {
    const { user, onAssign, unmount } = renderSettings({ type: 'text' }, 'popup');
    const group = screen.getByRole('radiogroup', { name: 'Who fills this out?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(within(group).getByRole('radio', { name: 'Bob Signer (bob@example.com) (Send via email)' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Client' }));
    expect(onAssign).toHaveBeenCalledWith('client');
    unmount();

    renderSettings({ type: 'checkbox' }, 'popup');
    expect(screen.getByRole('radiogroup', { name: 'Who checks this out?' })).toBeInTheDocument();
  });

  it('lists the signers in the panel by name and e-mail, the preparer as Me (now), the others sent by e-mail, a role by its name', async () => {
    const { user, onAssign } = renderSettings({ type: 'signature' });
    const assigned = screen.getByRole('textbox', { name: 'Assigned To' });
    expect(assigned).toHaveValue('Bob Signer (bob@example.com) (Send via email)');
    await user.click(assigned);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Me (now)', 'Bob Signer (bob@example.com) (Send via email)', 'Client']);
    await user.click(screen.getByRole('option', { name: 'Me (now)' }));
    expect(onAssign).toHaveBeenCalledWith('me');
  });

  it("warns on the preparer's own field and offers no placeholder or default tick for it", () => {
    const own = renderSettings({ type: 'text', signerId: 'me' });
    expect(screen.getByText(MESSAGES.meNowAttention)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Placeholder text' })).toBeNull();
    own.unmount();

    renderSettings({ type: 'checkbox', signerId: 'me' });
    expect(screen.queryByRole('checkbox', { name: 'Checked by default' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: "Signer can't change it" })).toBeNull();
  });

  it("prefills another signer's field and locks it, none on the preparer's own or a formula (issue 37)", async () => {
    const { user, onPatch, unmount } = renderSettings({ type: 'number' });
    await user.type(screen.getByRole('textbox', { name: 'Prefilled value' }), '12.5');
    await user.tab();
    expect(onPatch).toHaveBeenCalledWith({ text: '12.5' });
    unmount();

    const bad = renderSettings({ type: 'number', text: '12.345', settings: { decimals: 2 } });
    expect(screen.getByText(MESSAGES.fieldNumberDecimals)).toBeInTheDocument();
    bad.unmount();

    const lock = renderSettings({ type: 'number' });
    await lock.user.click(screen.getByRole('checkbox', { name: "Signer can't change it" }));
    expect(lock.onPatch).toHaveBeenCalledWith({ settings: { locked: true } });
    lock.unmount();

    const own = renderSettings({ type: 'number', signerId: 'me' });
    expect(screen.queryByRole('textbox', { name: 'Prefilled value' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: "Signer can't change it" })).toBeNull();
    own.unmount();

    renderSettings({ type: 'formula', settings: { formula: '1 + 2' } });
    expect(screen.queryByRole('textbox', { name: 'Prefilled value' })).toBeNull();
  });

  it("shows another signer's text its placeholder, changed once when the input is left", async () => {
    const { user, onPatch } = renderSettings({ type: 'text', placeholder: 'Company' });
    expect(screen.queryByText(MESSAGES.meNowAttention)).toBeNull();
    const placeholder = screen.getByRole('textbox', { name: 'Placeholder text' });
    expect(placeholder).toHaveValue('Company');
    await user.clear(placeholder);
    await user.type(placeholder, 'Company name');
    expect(onPatch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onPatch).toHaveBeenCalledTimes(1);
    expect(onPatch).toHaveBeenCalledWith({ placeholder: 'Company name' });
  });

  it('saves an emptied placeholder as none, and nothing when it is left unchanged', async () => {
    const { user, onPatch } = renderSettings({ type: 'text', placeholder: 'Company' });
    const placeholder = screen.getByRole('textbox', { name: 'Placeholder text' });
    await user.click(placeholder);
    await user.tab();
    expect(onPatch).not.toHaveBeenCalled();
    await user.clear(placeholder);
    await user.tab();
    expect(onPatch).toHaveBeenCalledWith({ placeholder: null });
  });

  it('keeps a font size within its limits, whole, and changes it once it is left', async () => {
    const { user, onPatch } = renderSettings({ type: 'text', fontSize: 14 });
    const size = screen.getByRole('textbox', { name: 'Font Size' });
    expect(size).toHaveValue('14');
    await user.clear(size);
    await user.type(size, '100');
    await user.keyboard('{Enter}');
    expect(onPatch).toHaveBeenLastCalledWith({ fontSize: 48 });
    expect(size).toHaveValue('48');

    await user.clear(size);
    await user.type(size, '3');
    await user.tab();
    expect(onPatch).toHaveBeenLastCalledWith({ fontSize: 7 });
  });

  it('puts back a font size that is not a number and changes nothing', async () => {
    const { user, onPatch } = renderSettings({ type: 'text', fontSize: 20 });
    const size = screen.getByRole('textbox', { name: 'Font Size' });
    await user.clear(size);
    await user.tab();
    expect(onPatch).not.toHaveBeenCalled();
    expect(size).toHaveValue('20');
  });

  it("changes a text's font from the list", async () => {
    const { user, onPatch } = renderSettings({ type: 'text' });
    await user.click(screen.getByRole('textbox', { name: 'Font Family' }));
    await user.click(await screen.findByRole('option', { name: 'Courier New' }));
    expect(onPatch).toHaveBeenCalledWith({ fontFamily: 'courierNew' });
  });

  it("offers a date's formats and no font for a signature", async () => {
    const date = renderSettings({ type: 'date' });
    await date.user.click(screen.getByRole('textbox', { name: 'Date Format' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'MM/DD/YYYY',
      'DD/MM/YYYY',
      'MM/DD/YY',
      'DD/MM/YY',
    ]);
    await date.user.click(screen.getByRole('option', { name: 'DD/MM/YY' }));
    expect(date.onPatch).toHaveBeenCalledWith({ dateFormat: 'DD/MM/YY' });
    date.unmount();

    renderSettings({ type: 'signature' });
    expect(screen.queryByRole('textbox', { name: 'Font Family' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Date Format' })).toBeNull();
  });

  it('makes a field optional, and a checkbox ticked by default', async () => {
    const { user, onPatch } = renderSettings({ type: 'checkbox' });
    await user.click(screen.getByRole('checkbox', { name: 'Required' }));
    expect(onPatch).toHaveBeenCalledWith({ required: false });
    await user.click(screen.getByRole('checkbox', { name: 'Checked by default' }));
    expect(onPatch).toHaveBeenCalledWith({ checked: true });
  });
});
