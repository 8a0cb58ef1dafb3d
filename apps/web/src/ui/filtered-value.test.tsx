// @vitest-environment happy-dom
// Cause: Preact does not put a controlled input back to its state when the state does not change, so a code field
// that kept only digits showed '123b' after 'b' was typed into '123' (React showed '123').
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { filteredValue } from './filtered-value';

function DigitsOnly() {
  const [code, setCode] = useState('');
  return (
    <>
      <input
        aria-label="Code"
        value={code}
        onChange={(event) =>
          setCode(filteredValue(event.currentTarget, (value) => value.replace(/\D/g, '').slice(0, 6)))
        }
      />
      <output>{code}</output>
    </>
  );
}

describe('filteredValue', () => {
  it('shows only what the filter keeps, also when a dropped character leaves the state as it was', async () => {
    render(<DigitsOnly />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await userEvent.type(input, '12a3b');
    expect(input.value).toBe('123');
    expect(screen.getByRole('status')).toHaveTextContent('123');
    await userEvent.type(input, '4567');
    expect(input.value).toBe('123456');
  });
});
