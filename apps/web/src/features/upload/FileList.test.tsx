// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FileList } from './FileList';
import type { FileRowModel } from './upload-rows';

const row = (key: string, values: Partial<FileRowModel> = {}): FileRowModel => ({
  key,
  partId: key,
  name: `${key}.pdf`,
  status: 'converted',
  progress: 100,
  errorTitle: null,
  errorText: null,
  warningText: null,
  unplacedFields: [],
  isActiveContentChoiceOpen: false,
  ...values,
});

/** The list with its order kept as the upload step keeps it: a move shows at once. */
function OrderedList({ pending = [], onRemove }: { pending?: FileRowModel[]; onRemove: (row: FileRowModel) => void }) {
  const [parts, setParts] = useState([row('one'), row('two'), row('three')]);
  const onReorder = (ids: string[]) =>
    setParts(ids.map((id) => parts.find((part) => part.key === id)).filter((part) => part !== undefined));
  return (
    <FileList
      partRows={parts}
      pendingRows={pending}
      removingKeys={new Set()}
      onReorder={onReorder}
      onRemove={onRemove}
      onChooseActiveContent={vi.fn()}
      activeContentChoice={null}
    />
  );
}

const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('FileList', () => {
  it('moves a file with its buttons, says where it went, and keeps the focus on the moved row', async () => {
    const { user } = renderWithProviders(<OrderedList onRemove={vi.fn()} />);
    expect(names()).toEqual(['one.pdf', 'two.pdf', 'three.pdf']);
    await user.click(screen.getByRole('button', { name: 'Move one.pdf down' }));
    expect(names()).toEqual(['two.pdf', 'one.pdf', 'three.pdf']);
    expect(screen.getByText('one.pdf moved to position 2 of 3.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move one.pdf down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move one.pdf down' }));
    expect(names()).toEqual(['two.pdf', 'three.pdf', 'one.pdf']);
    // At the bottom the focus passes to the other direction's button.
    expect(screen.getByRole('button', { name: 'Move one.pdf up' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Move one.pdf down' })).toBeDisabled();
  });

  it('lists files not yet parts after the parts, fixed in place, and removes any row', async () => {
    const onRemove = vi.fn();
    const refused = row('big', { partId: null, status: 'failed', errorText: 'Too large' });
    const { user } = renderWithProviders(<OrderedList pending={[refused]} onRemove={onRemove} />);
    expect(names()).toEqual(['one.pdf', 'two.pdf', 'three.pdf', 'big.pdf']);
    expect(screen.getByRole('button', { name: 'Move big.pdf up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move big.pdf down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove big.pdf' }));
    expect(onRemove).toHaveBeenCalledWith(refused);
  });

  it('shows nothing without files', () => {
    renderWithProviders(
      <FileList
        partRows={[]}
        pendingRows={[]}
        removingKeys={new Set()}
        onReorder={vi.fn()}
        onRemove={vi.fn()}
        onChooseActiveContent={vi.fn()}
        activeContentChoice={null}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});
