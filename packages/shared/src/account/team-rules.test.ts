import { describe, expect, it } from 'vitest';
import { canAddTeamMembers, canChangeTeamRole, canRemoveTeamRow } from './team-rules.js';

const viewer = (role: 'owner' | 'admin' | 'user' | null) => ({ id: 'me', teamId: role ? 'team' : null, role });

describe('team rules (spec part 2, sections 5 and 6)', () => {
  it('lets the owner on Business and admins add members, never a user or an owner on another plan', () => {
    expect(canAddTeamMembers(viewer('owner'), 'business')).toBe(true);
    expect(canAddTeamMembers(viewer(null), 'business')).toBe(true);
    expect(canAddTeamMembers(viewer('admin'), 'business')).toBe(true);
    expect(canAddTeamMembers(viewer('user'), 'business')).toBe(false);
    expect(canAddTeamMembers(viewer('owner'), 'personal')).toBe(false);
    expect(canAddTeamMembers(viewer(null), 'free')).toBe(false);
  });

  it('lets only the owner change roles, and never the owner row', () => {
    expect(canChangeTeamRole(viewer('owner'), { id: 'x', role: 'user' })).toBe(true);
    expect(canChangeTeamRole(viewer('owner'), { id: 'x', role: 'admin' })).toBe(true);
    expect(canChangeTeamRole(viewer('owner'), { id: 'me', role: 'owner' })).toBe(false);
    expect(canChangeTeamRole(viewer('admin'), { id: 'x', role: 'user' })).toBe(false);
  });

  it.each([
    ['owner', 'user', true],
    ['owner', 'admin', true],
    ['owner', 'owner', false],
    ['admin', 'user', true],
    ['admin', 'admin', false],
    ['admin', 'owner', false],
    ['user', 'user', false],
  ] as const)(
    'a viewer of role %s, a row of role %s: selectable %s (the checkbox rule)',
    (viewerRole, rowRole, expected) => {
      expect(canRemoveTeamRow(viewer(viewerRole), { id: 'other', role: rowRole })).toBe(expected);
    },
  );

  it('never lets a viewer select their own row', () => {
    expect(canRemoveTeamRow(viewer('owner'), { id: 'me', role: 'admin' })).toBe(false);
  });
});
