import { describe, expect, it } from 'vitest';
import { guessColumns } from './csv-columns';

const guess = (header: string[], rows: string[][] = []) => guessColumns({ header, rows });

describe('guessColumns', () => {
  it('finds the columns by their usual headers, in any case and spelling', () => {
    expect(guess(['Name', 'Email'])).toEqual({ nameColumn: 0, emailColumn: 1 });
    expect(guess(['Company', 'E-mail address', 'Full name'])).toEqual({ nameColumn: 2, emailColumn: 1 });
    expect(guess([' EMAIL ', 'signer_name'])).toEqual({ nameColumn: 1, emailColumn: 0 });
    expect(guess(['Nom', 'Courriel'])).toEqual({ nameColumn: 0, emailColumn: 1 });
    expect(guess(['Correo electrónico', 'Nombre'])).toEqual({ nameColumn: 1, emailColumn: 0 });
  });

  it("prefers the exact header, and does not take a company's or a part of a name", () => {
    expect(guess(['Company name', 'Name', 'Work email', 'Email'])).toEqual({ nameColumn: 1, emailColumn: 3 });
    expect(guess(['Company name', 'Employee name', 'Work mail'])).toEqual({ nameColumn: 1, emailColumn: 2 });
    expect(guess(['First name', 'Last name', 'Email'])).toEqual({ nameColumn: null, emailColumn: 2 });
  });

  it('finds the e-mail column by its cells when no header names it', () => {
    const rows = [
      ['Ann Lee', 'ann@example.com', 'Acme'],
      ['Bob Stone', '', 'Globex'],
      ['Carol King', 'carol@example.com', 'a@b'],
    ];
    expect(guess(['Who', 'Address', 'Company'], rows)).toEqual({ nameColumn: null, emailColumn: 1 });
    expect(guess(['Who', 'Where'], [['Ann', 'Paris']])).toEqual({ nameColumn: null, emailColumn: null });
  });

  it('never gives one column for both', () => {
    expect(guess(['Name email'])).toEqual({ nameColumn: null, emailColumn: 0 });
  });
});
