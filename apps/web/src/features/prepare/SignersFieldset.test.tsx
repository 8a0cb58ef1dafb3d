// @vitest-environment happy-dom
import { type DocumentType, MAX_SIGNERS, MESSAGES, type PrepareFormValues, prepareFormSchema } from '@esign/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { formValuesOf } from './prepare-values';
import { SignersFieldset } from './SignersFieldset';

const ME = { name: 'Ada Lovelace', email: 'ada@example.com' };

/** The fieldset in a form with the prepare page's rules for `type`; Save hands the valid values to `onSave`. */
function Harness(props: {
  type: DocumentType;
  onSave: (values: PrepareFormValues) => void;
  roles?: readonly string[];
  rowCount?: number;
}) {
  const initial = formValuesOf(props.type, undefined);
  const signers = props.rowCount
    ? Array.from({ length: props.rowCount }, () => ({ name: '', email: '' }))
    : initial.signers;
  const form = useForm<PrepareFormValues>({
    resolver: zodResolver(prepareFormSchema(props.type, { withTemplate: props.roles !== undefined })),
    mode: 'onTouched',
    defaultValues: { ...initial, signers, title: 'Lease' },
  });
  return (
    <form onSubmit={(event) => void form.handleSubmit(props.onSave)(event)} noValidate>
      <SignersFieldset form={form} me={props.type === 'me_and_other' ? ME : null} roles={props.roles ?? null} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderSigners(type: DocumentType, roles?: readonly string[], rowCount?: number) {
  const onSave = vi.fn();
  const view = renderWithProviders(<Harness type={type} onSave={onSave} roles={roles} rowCount={rowCount} />);
  const rows = () => screen.getAllByTestId('signer-row');
  return { ...view, onSave, rows };
}

type User = ReturnType<typeof renderWithProviders>['user'];
/** Pastes into a field (one change, as typing key by key costs a form validation each). */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillRow(user: User, row: HTMLElement, name: string, email: string) {
  if (name) await enter(user, within(row).getByRole('textbox', { name: 'Name' }), name);
  if (email) await enter(user, within(row).getByRole('textbox', { name: 'Email' }), email);
}

describe('SignersFieldset', () => {
  it('starts with two signer rows that cannot be removed, and removes a third', async () => {
    const { user, rows } = renderSigners('others');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove signer 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(rows()).toHaveLength(3);
    await fillRow(user, rows()[2] as HTMLElement, 'Third', 'third@example.com');
    await user.click(screen.getByRole('button', { name: 'Remove signer 3' }));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByDisplayValue('Third')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove signer 2' })).toBeDisabled();
  });

  it("shows 'Me (Now)' first, read-only, and allows removal only past three rows with it", async () => {
    const { user, rows } = renderSigners('me_and_other');
    expect(screen.getByDisplayValue('Me (Now): Ada Lovelace')).toHaveAttribute('readonly');
    expect(screen.getByDisplayValue('ada@example.com')).toHaveAttribute('readonly');
    expect(rows()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Remove signer 2' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(screen.getByRole('button', { name: 'Remove signer 2' })).toBeEnabled();
  });

  it('gives each wrong line its own message and saves nothing', async () => {
    const { user, rows, onSave } = renderSigners('others');
    await user.click(screen.getByRole('button', { name: 'Add signer' }));
    await user.click(screen.getByRole('button', { name: 'Add signer' }));
    const [first, second, third, fourth] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    // An empty row between filled ones, a name without e-mail, a bad e-mail, a duplicate.
    await fillRow(user, second, 'Bob', '');
    await fillRow(user, third, 'Carol', 'carol@example');
    await fillRow(user, fourth, 'Bob', '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(first).findByText(MESSAGES.signerEmptyLine)).toBeInTheDocument();
    expect(within(second).getByText(MESSAGES.signerNoEmail)).toBeInTheDocument();
    expect(within(third).getByText(MESSAGES.signerEmailInvalid)).toBeInTheDocument();
    expect(within(fourth).getByText(MESSAGES.signerNoEmail)).toBeInTheDocument();

    await enter(user, within(second).getByRole('textbox', { name: 'Email' }), 'bob@example.com');
    await enter(user, within(fourth).getByRole('textbox', { name: 'Email' }), 'BOB@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(fourth).findByText(MESSAGES.signerDuplicated)).toBeInTheDocument();
    expect(within(first).getByText(MESSAGES.signerEmptyLine)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a signer on Only Others when every row is empty', async () => {
    const { user, onSave } = renderSigners('others');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.documentNeedsSigner);
    expect(screen.queryByRole('link', { name: 'Go to Only Me' })).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("warns on Me & Others with no other signer, with the way to 'Only Me'", async () => {
    const { user, onSave } = renderSigners('me_and_other');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.onlySignerWarning);
    expect(screen.getByRole('link', { name: 'Go to Only Me' })).toHaveAttribute('href', '/only-me');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the filled rows with a trailing empty one dropped', async () => {
    const { user, rows, onSave } = renderSigners('others');
    await fillRow(user, rows()[0] as HTMLElement, 'Bob Stone', 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      signers: [
        { name: 'Bob Stone', email: 'bob@example.com' },
        { name: '', email: '' },
      ],
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('numbers the rows after Me and moves them when the signing order is set', async () => {
    const { user, rows } = renderSigners('me_and_other');
    expect(screen.queryByRole('button', { name: 'Move signer 1 down' })).toBeNull();
    await fillRow(user, rows()[0] as HTMLElement, 'Bob', 'bob@example.com');
    await fillRow(user, rows()[1] as HTMLElement, 'Carol', 'carol@example.com');
    await user.click(screen.getByRole('switch', { name: 'Set signing order' }));
    expect(screen.getByRole('button', { name: 'Move signer 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move signer 2 down' })).toBeDisabled();
    // 'Me (Now)' is 1: the first other signer is 2.
    expect(rows()[0]).toHaveTextContent('2');
    expect(rows()[1]).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Move signer 1 down' }));
    expect(rows().map((row) => (within(row).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value)).toEqual(
      ['Carol', 'Bob'],
    );
  });

  it('stops adding at the most signers a document may have', async () => {
    const { user, rows } = renderSigners('others', undefined, MAX_SIGNERS - 1);
    const add = screen.getByRole('button', { name: 'Add signer' });
    expect(add).toBeEnabled();
    await user.click(add);
    expect(rows()).toHaveLength(MAX_SIGNERS);
    expect(add).toBeDisabled();
  });

  it("names a template's rows by their roles, with no add, remove or order switch", () => {
    renderSigners('others', ['Tenant', 'Landlord']);
    expect(screen.getByRole('textbox', { name: 'Tenant: name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Landlord: email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add signer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove signer 1' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Set signing order' })).toBeNull();
  });
});
