/** 'INV-000042': an invoice's sequence number as shown and printed. */
export function invoiceNumber(row: { number: number }): string {
  return `INV-${String(row.number).padStart(6, '0')}`;
}
