// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signerField } from '../../test/fields';
import { renderWithProviders } from '../../test/render';
import { SignerField, type SignerPageField, TOUCH_TARGET_PX } from './SignerField';

function renderField(field: SignerPageField, props: { isEditable?: boolean; isOwn?: boolean } = {}) {
  const onOpen = vi.fn();
  const view = renderWithProviders(
    <SignerField
      field={field}
      scale={1.5}
      isEditable={props.isEditable ?? true}
      isOwn={props.isOwn ?? true}
      isActive={false}
      onOpen={onOpen}
      accessibleName="Field for Bob Signer, required, page 1"
    />,
  );
  return { ...view, onOpen };
}

const fieldElement = (id: string) => {
  const element = document.querySelector<HTMLElement>(`[data-field-id="${id}"]`);
  if (!element) throw new Error(`no field ${id}`);
  return element;
};

/** An sRGB colour as [r, g, b, alpha] from '#rrggbb', '#rrggbbaa', 'rgb(...)' or 'rgba(...)'. */
function rgba(css: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(css.trim());
  if (hex) {
    const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt((hex[1] as string).slice(at, at + 2), 16));
    return [r as number, g as number, b as number, hex[2] ? Number.parseInt(hex[2], 16) / 255 : 1];
  }
  const parts = /rgba?\(([^)]+)\)/.exec(css)?.[1]?.split(',').map(Number);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${css}`);
  return [parts[0] as number, parts[1] as number, parts[2] as number, parts[3] ?? 1];
}

/** `top` at `alpha` over the opaque `bottom`. */
const over = (top: number[], alpha: number, bottom: number[]) =>
  bottom.map((c, i) => (top[i] as number) * alpha + c * (1 - alpha));

/** WCAG 2 contrast ratio of two opaque colours. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r as number) + 0.7152 * (g as number) + 0.0722 * (b as number);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light as number) + 0.05) / ((dark as number) + 0.05);
}

describe('SignerField', () => {
  it('shows the label of an empty field at 4.5:1 or more against its tinted box on the white page', () => {
    // Cause: the label was the field's colour at 70% opacity over the box's 12% tint (about 2.8:1); axe found it
    // on the phone journey whenever it checked before the page's picture was drawn under the field.
    renderField(signerField({ id: 'f1', type: 'text', placeholder: 'Company' }));
    const label = screen.getByText('Company');
    const box = label.parentElement as HTMLElement;
    const [r, g, b, tint] = rgba(box.style.backgroundColor || box.style.background);
    const background = over([r, g, b], tint, [255, 255, 255]);
    const [tr, tg, tb, alpha] = rgba(box.style.color);
    const opacity = label.style.opacity === '' ? 1 : Number(label.style.opacity);
    const text = over([tr, tg, tb], alpha * opacity, background);
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("opens the signer's own field's step from a named button", async () => {
    const field = signerField({ id: 'f1', type: 'text', placeholder: 'Company' });
    const { user, onOpen } = renderField(field);
    const button = screen.getByRole('button', { name: 'Field for Bob Signer, required, page 1' });
    expect(button).toHaveTextContent('Company');
    await user.click(button);
    expect(onOpen).toHaveBeenCalledWith(field);
  });

  it('is a touch target of at least 44 x 44 px about the field, and the field when it is larger', () => {
    renderField(
      signerField({ id: 'small', type: 'checkbox', coordinateX: 100, coordinateY: 100, width: 10, height: 10 }),
    );
    const small = fieldElement('small');
    expect(small.style.width).toBe(`${TOUCH_TARGET_PX}px`);
    expect(small.style.height).toBe(`${TOUCH_TARGET_PX}px`);
    // Centred on the field: its centre is (105, 105) points, 157.5 px at scale 1.5.
    expect(small.style.left).toBe(`${157.5 - TOUCH_TARGET_PX / 2}px`);
    expect(small.style.top).toBe(`${157.5 - TOUCH_TARGET_PX / 2}px`);

    renderField(
      signerField({ id: 'large', type: 'signature', coordinateX: 0, coordinateY: 0, width: 110, height: 40 }),
    );
    const large = fieldElement('large');
    expect(large.style.width).toBe('165px');
    expect(large.style.height).toBe('60px');
  });

  it('asks for a signature or initials by name until signed, then shows it signed', () => {
    renderField(signerField({ id: 'sig', type: 'signature' }));
    expect(fieldElement('sig')).toHaveTextContent('Sign');
    renderField(signerField({ id: 'ini', type: 'initials' }));
    expect(fieldElement('ini')).toHaveTextContent('Initials');
    renderField(signerField({ id: 'done', type: 'signature', signed: true }));
    expect(fieldElement('done')).toHaveTextContent('Signed');
    expect(fieldElement('done')).toHaveAttribute('data-signed', 'true');
  });

  it('shows the typed text of a signed field in full', () => {
    renderField(signerField({ id: 'f1', type: 'text', text: 'Acme Ltd', signed: true }));
    expect(fieldElement('f1')).toHaveTextContent('Acme Ltd');
  });

  it("shows a value another signer gave, read-only, and hides another's empty field from screen readers", () => {
    renderField(signerField({ id: 'given', type: 'text', text: 'From the sender' }), {
      isEditable: false,
      isOwn: false,
    });
    const given = fieldElement('given');
    expect(given.tagName).toBe('DIV');
    expect(given).toHaveTextContent('From the sender');
    expect(given).toHaveAttribute('data-given', 'true');
    expect(given).toHaveAttribute('aria-hidden', 'false');

    renderField(signerField({ id: 'empty', type: 'text' }), { isEditable: false, isOwn: false });
    expect(fieldElement('empty')).toHaveAttribute('aria-hidden', 'true');
    expect(fieldElement('empty')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows another signer's picture and ticked box as given", () => {
    renderField(signerField({ id: 'pic', type: 'signature', imageUrl: 'https://files.example/sig.png' }), {
      isEditable: false,
      isOwn: false,
    });
    expect(screen.getByRole('img', { name: 'Signature' })).toHaveAttribute('src', 'https://files.example/sig.png');
    renderField(signerField({ id: 'box', type: 'checkbox', checked: true }), { isEditable: false, isOwn: false });
    expect(fieldElement('box').querySelector('svg')).not.toBeNull();
  });

  it("shows the signer's own value out of their turn, without a button", () => {
    renderField(signerField({ id: 'own', type: 'text', text: 'Mine' }), { isEditable: false, isOwn: true });
    expect(screen.queryByRole('button')).toBeNull();
    expect(fieldElement('own')).toHaveTextContent('Mine');
  });
});
