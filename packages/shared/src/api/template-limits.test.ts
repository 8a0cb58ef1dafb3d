import { describe, expect, it } from 'vitest';
import { MESSAGES, templateQuotaMessage } from '../validation/messages.js';
import { canCreateForms, TEMPLATE_LIMITS, templateLimitOf } from './constants.js';

describe('templates by plan', () => {
  it('gives free none, personal one and business unlimited', () => {
    expect(TEMPLATE_LIMITS).toEqual({ free: 0, personal: 1, business: -1 });
    expect(templateLimitOf({ planType: 'free', templateLimit: 0 })).toBe(0);
    expect(templateLimitOf({ planType: 'personal', templateLimit: 0 })).toBe(1);
    expect(templateLimitOf({ planType: 'business', templateLimit: 0 })).toBe(-1);
  });

  it("takes the account's own limit when an operator granted more, never less", () => {
    expect(templateLimitOf({ planType: 'free', templateLimit: 3 })).toBe(3);
    expect(templateLimitOf({ planType: 'personal', templateLimit: -1 })).toBe(-1);
    expect(templateLimitOf({ planType: 'business', templateLimit: 2 })).toBe(-1);
  });

  it("answers the plan's upgrade sentence", () => {
    expect(templateQuotaMessage('free', 0)).toBe("You're on the free plan which doesn't include templates.");
    expect(templateQuotaMessage('personal', 1)).toBe(MESSAGES.templateLimitOfPersonalPlan);
    expect(templateQuotaMessage('personal', 3)).toContain('limit of 3 templates');
  });
});

describe('a team member works under the team Business plan', () => {
  it('keeps any number of templates and may create forms, whatever their own plan', () => {
    expect(templateLimitOf({ planType: 'free', templateLimit: 0, teamId: 'team' })).toBe(-1);
    expect(canCreateForms({ planType: 'free', teamId: 'team' })).toBe(true);
    expect(canCreateForms({ planType: 'personal', teamId: null })).toBe(false);
  });
});
