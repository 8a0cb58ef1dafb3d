// @vitest-environment happy-dom
import { blankField, type DocumentField } from '@esign/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FieldBox } from './FieldBox';

const PAGE = { width: 612, height: 792 };

function renderBox(
  field: Partial<DocumentField> & Pick<DocumentField, 'type'>,
  props: { isOwn?: boolean; isSelected?: boolean } = {},
) {
  const callbacks = {
    onSelect: vi.fn(),
    onBoxChange: vi.fn(),
    onValueChange: vi.fn(),
    onChooseRequisite: vi.fn(),
  };
  const value = blankField({ id: 'field-1', coordinateX: 100, coordinateY: 200, ...field });
  const view = renderWithProviders(
    <FieldBox
      field={value}
      scale={2}
      page={PAGE}
      color="#228be6"
      isSelected={props.isSelected ?? false}
      isOwn={props.isOwn ?? false}
      {...callbacks}
    />,
  );
  const box = screen.getByTestId('editor-field');
  return { ...view, ...callbacks, box };
}

/** A press, a move by (dx, dy) screen pixels and a release, as a mouse does it. */
function drag(element: Element, dx: number, dy: number, target: Element = element) {
  fireEvent.pointerDown(target, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 10 + dx, clientY: 10 + dy });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 10 + dx, clientY: 10 + dy });
}

describe('FieldBox', () => {
  it('is placed on its page at the scale, and shows its type when empty', () => {
    const { box } = renderBox({ type: 'signature', width: 110, height: 25 });
    expect(box.style.left).toBe('200px');
    expect(box.style.top).toBe('400px');
    expect(box.style.width).toBe('220px');
    expect(box.style.height).toBe('50px');
    expect(box).toHaveTextContent('Signature');
  });

  it('reports one move at the end of a drag, in page points, and selects the field as the drag starts', () => {
    const { box, onBoxChange, onSelect } = renderBox({ type: 'signature' });
    drag(box, 40, 20);
    expect(onSelect).toHaveBeenCalledWith('field-1');
    // 40 x 20 screen pixels at scale 2 are 20 x 10 points.
    expect(onBoxChange).toHaveBeenCalledTimes(1);
    expect(onBoxChange).toHaveBeenCalledWith('field-1', { coordinateX: 120, coordinateY: 210, width: 110, height: 25 });
    expect(box.style.left).toBe('240px');
  });

  it('keeps a dragged field on its page', () => {
    const { box, onBoxChange } = renderBox({ type: 'signature' });
    drag(box, -1000, 5000);
    expect(onBoxChange).toHaveBeenCalledWith('field-1', {
      coordinateX: 0,
      coordinateY: PAGE.height - 25,
      width: 110,
      height: 25,
    });
  });

  it('puts the field back and reports nothing when Escape is pressed during a drag', () => {
    const { box, onBoxChange } = renderBox({ type: 'signature' });
    fireEvent.pointerDown(box, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 90, clientY: 90 });
    expect(box.style.left).toBe('280px');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(box.style.left).toBe('200px');
    fireEvent.pointerUp(box, { pointerId: 1, clientX: 90, clientY: 90 });
    expect(onBoxChange).not.toHaveBeenCalled();
  });

  it('ignores a press of another button than the main one', () => {
    const { box, onSelect, onBoxChange } = renderBox({ type: 'signature' });
    fireEvent.pointerDown(box, { button: 2, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 90, clientY: 90 });
    fireEvent.pointerUp(box, { pointerId: 1, clientX: 90, clientY: 90 });
    expect(onSelect).not.toHaveBeenCalled();
    expect(onBoxChange).not.toHaveBeenCalled();
  });

  it('resizes from its handle, shown only when selected, at least to its minimum size', () => {
    const unselected = renderBox({ type: 'text' });
    expect(unselected.box.querySelector('[data-resize-handle]')).toBeNull();
    unselected.unmount();

    const { box, onBoxChange } = renderBox({ type: 'text' }, { isSelected: true });
    const handle = box.querySelector('[data-resize-handle]');
    if (!handle) throw new Error('no resize handle');
    drag(box, 100, -1000, handle);
    expect(onBoxChange).toHaveBeenCalledWith('field-1', {
      coordinateX: 100,
      coordinateY: 200,
      width: 56.25 + 50,
      height: 15,
    });
  });

  it('keeps a checkbox square when resized', () => {
    const { box, onBoxChange } = renderBox({ type: 'checkbox' }, { isSelected: true });
    const handle = box.querySelector('[data-resize-handle]');
    if (!handle) throw new Error('no resize handle');
    drag(box, 60, 0, handle);
    expect(onBoxChange).toHaveBeenCalledWith('field-1', { coordinateX: 100, coordinateY: 200, width: 55, height: 55 });
  });

  it("opens the preparer's own text on a click, and reports the typed text once, when Enter leaves it", async () => {
    const { box, user, onValueChange } = renderBox({ type: 'text' }, { isOwn: true });
    expect(screen.queryByRole('textbox')).toBeNull();
    drag(box, 0, 0);
    const input = screen.getByRole('textbox', { name: 'Text' });
    expect(input).toHaveFocus();
    await user.type(input, 'Acme Ltd');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onValueChange).toHaveBeenCalledTimes(1);
    expect(onValueChange).toHaveBeenCalledWith('field-1', { text: 'Acme Ltd' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("ticks the preparer's own multiselect in place, each tick one change in the stored form", async () => {
    const { user, onValueChange } = renderBox(
      { type: 'multiselect', text: '["Audit"]', settings: { choices: ['Support', 'Audit'] } },
      { isOwn: true },
    );
    expect(screen.getByRole('group', { name: 'Multiple choice' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Audit' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Support' }));
    expect(onValueChange).toHaveBeenLastCalledWith('field-1', { text: '["Support","Audit"]' });
    await user.click(screen.getByRole('checkbox', { name: 'Audit' }));
    expect(onValueChange).toHaveBeenLastCalledWith('field-1', { text: null });
  });

  it('shows the own text as it is stamped, and an emptied text is reported as none', async () => {
    const { box, user, onValueChange } = renderBox({ type: 'text', text: 'Line one\nLine two' }, { isOwn: true });
    expect(screen.getByTestId('field-text').textContent).toBe('Line one\nLine two');
    drag(box, 0, 0);
    await user.clear(screen.getByRole('textbox', { name: 'Text' }));
    await user.keyboard('{Escape}');
    expect(onValueChange).toHaveBeenCalledWith('field-1', { text: null });
  });

  it('reports nothing when the own text is left unchanged', async () => {
    const { box, user, onValueChange } = renderBox({ type: 'text', text: 'Same' }, { isOwn: true });
    drag(box, 0, 0);
    await user.keyboard('{Enter}');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it("never opens an input on another signer's text, and shows its placeholder", () => {
    const { box } = renderBox({ type: 'text', placeholder: 'Company name' });
    drag(box, 0, 0);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(box).toHaveTextContent('Company name');
  });

  it("asks for the preparer's signature only from a field already selected", () => {
    const first = renderBox({ type: 'signature' }, { isOwn: true });
    expect(first.box).toHaveTextContent('Click to sign');
    drag(first.box, 0, 0);
    expect(first.onSelect).toHaveBeenCalledWith('field-1');
    expect(first.onChooseRequisite).not.toHaveBeenCalled();
    first.unmount();

    const selected = renderBox({ type: 'signature' }, { isOwn: true, isSelected: true });
    drag(selected.box, 0, 0);
    expect(selected.onChooseRequisite).toHaveBeenCalledWith('field-1');
  });

  it("ticks the preparer's own checkbox, and keeps another signer's disabled", async () => {
    const own = renderBox({ type: 'checkbox' }, { isOwn: true });
    await own.user.click(screen.getByRole('checkbox', { name: 'Checkbox' }));
    expect(own.onValueChange).toHaveBeenCalledWith('field-1', { checked: true });
    own.unmount();

    renderBox({ type: 'checkbox', checked: true });
    const theirs = screen.getByRole('checkbox', { name: 'Checkbox' });
    expect(theirs).toBeDisabled();
    expect(theirs).toBeChecked();
  });
});
