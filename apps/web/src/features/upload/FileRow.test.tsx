// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FileRow, type FileRowProps } from './FileRow';
import type { FileRowModel } from './upload-rows';

const row = (values: Partial<FileRowModel> = {}): FileRowModel => ({
  key: 'row-1',
  partId: 'part-1',
  name: 'contract.pdf',
  status: 'converting',
  progress: 40,
  errorTitle: null,
  errorText: null,
  warningText: null,
  unplacedFields: [],
  isActiveContentChoiceOpen: false,
  ...values,
});

function renderRow(model: FileRowModel, props: Partial<FileRowProps> = {}) {
  const handlers = { onMove: vi.fn(), onRemove: vi.fn(), onChooseActiveContent: vi.fn() };
  const view = renderWithProviders(
    <ul>
      <FileRow row={model} canMoveUp canMoveDown isRemoving={false} {...handlers} {...props} />
    </ul>,
  );
  return { ...view, ...handlers, item: screen.getByRole('listitem', { name: model.name }) };
}

describe('FileRow', () => {
  it('lists what the file held that became no field, as written in it', () => {
    const { item } = renderRow(row({ status: 'converted', unplacedFields: ['{{stamp:1}}', 'form field "Reset"'] }));
    expect(item).toHaveTextContent('Found in the file but not placed as fields: {{stamp:1}}, form field "Reset".');
  });

  it('lists the first ten things that became no field, and how many more', () => {
    const many = Array.from({ length: 13 }, (_, index) => `{{seal:${index + 1}}}`);
    const { item } = renderRow(row({ status: 'converted', unplacedFields: many }));
    expect(item).toHaveTextContent(`not placed as fields: ${many.slice(0, 10).join(', ')} and 3 more.`);
  });

  it('shows the name, the status with its progress and a progress bar named for the file', () => {
    const { item } = renderRow(row());
    expect(item).toHaveTextContent('contract.pdf');
    expect(item).toHaveTextContent('Converting · 40%');
    expect(within(item).getByRole('progressbar', { name: 'Progress of contract.pdf' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
  });

  it("shows a refused upload's error with its title, 'Failed', and no progress bar", () => {
    const { item } = renderRow(
      row({
        status: 'failed',
        progress: 0,
        errorTitle: MESSAGES.failedToUpload,
        errorText: MESSAGES.fileTooLarge,
        partId: null,
      }),
    );
    expect(item).toHaveTextContent('Failed');
    expect(item).toHaveTextContent(`${MESSAGES.failedToUpload}: ${MESSAGES.fileTooLarge}`);
    expect(within(item).queryByRole('progressbar')).toBeNull();
  });

  it("shows a failed conversion's error without a title", () => {
    const { item } = renderRow(row({ status: 'failed', errorText: 'The file could not be converted' }));
    expect(item).toHaveTextContent('The file could not be converted');
    expect(item).not.toHaveTextContent(`${MESSAGES.failedToUpload}:`);
  });

  it('moves the file up and down, and removes it, by buttons named for it', async () => {
    const { user, onMove, onRemove } = renderRow(row());
    await user.click(screen.getByRole('button', { name: 'Move contract.pdf up' }));
    expect(onMove).toHaveBeenLastCalledWith(-1);
    await user.click(screen.getByRole('button', { name: 'Move contract.pdf down' }));
    expect(onMove).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Remove contract.pdf' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('offers no move past the ends of the list', async () => {
    const { user, onMove } = renderRow(row(), { canMoveUp: false, canMoveDown: false });
    const up = screen.getByRole('button', { name: 'Move contract.pdf up' });
    expect(up).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move contract.pdf down' })).toBeDisabled();
    await user.click(up);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('offers the choice for a signed file kept with its scripts, and sends the one made', async () => {
    const model = row({
      status: 'converted',
      progress: 100,
      warningText: 'It has scripts',
      isActiveContentChoiceOpen: true,
    });
    const { user, onChooseActiveContent } = renderRow(model);
    const choice = screen.getByRole('group', { name: 'Scripts and automatic actions of contract.pdf' });
    expect(screen.getByText('It has scripts')).toBeInTheDocument();
    await user.click(within(choice).getByRole('button', { name: 'Remove scripts and actions' }));
    expect(onChooseActiveContent).toHaveBeenCalledWith('remove');
  });

  it('takes no second choice while the first is on its way', () => {
    renderRow(row({ warningText: 'It has scripts', isActiveContentChoiceOpen: true }), { activeContentChoice: 'keep' });
    const choice = screen.getByRole('group', { name: 'Scripts and automatic actions of contract.pdf' });
    for (const button of within(choice).getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('shows a notice without a choice once the choice is closed', () => {
    renderRow(row({ warningText: 'Scripts were removed' }));
    expect(screen.getByText('Scripts were removed')).toBeInTheDocument();
    expect(screen.queryByRole('group')).toBeNull();
  });
});
