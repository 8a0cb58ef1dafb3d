import { describe, expect, it } from 'vitest';
import { counterRange, DOCUMENT_LIST, parseFilter, statusLabelKey, TEMPLATE_LIST } from './list-view';

describe('document list view', () => {
  it('reads the route filter; an unknown one is null (the page redirects to /documents)', () => {
    expect(parseFilter(DOCUMENT_LIST, undefined)).toBe('all');
    expect(parseFilter(DOCUMENT_LIST, 'awaiting')).toBe('awaiting');
    expect(parseFilter(DOCUMENT_LIST, 'deleted')).toBeNull();
    expect(parseFilter(DOCUMENT_LIST, 'constructor')).toBeNull();
    expect(parseFilter(TEMPLATE_LIST, 'active')).toBe('active');
    expect(parseFilter(TEMPLATE_LIST, 'awaiting')).toBeNull();
  });

  it('never lists a replica among the templates, and shows a template in the API as live', () => {
    for (const statuses of Object.values(TEMPLATE_LIST.statusesByFilter)) expect(statuses).not.toContain('replica');
    expect(TEMPLATE_LIST.statusesByFilter.active).toEqual(['active', 'api']);
  });

  it("counts 'a-b of N' for 1-based pages", () => {
    expect(counterRange(1, 10, 10)).toEqual({ from: 1, to: 10 });
    expect(counterRange(3, 10, 4)).toEqual({ from: 21, to: 24 });
    expect(counterRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });

  it("shows preparing as 'processing'", () => {
    expect(statusLabelKey('preparing')).toBe('documents.status.processing');
    expect(statusLabelKey('awaiting')).toBe('documents.status.awaiting');
  });
});
