import { MESSAGES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromBody, errorToastText } from './api-error';

describe('apiErrorFromBody', () => {
  it('reads the error answer and flattens its field errors', () => {
    const error = apiErrorFromBody(400, {
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'Validation failed',
      errors: [
        { property: 'email', constraints: { format: MESSAGES.invalidEmail }, children: [] },
        {
          property: 'signers',
          constraints: {},
          children: [{ property: '0', constraints: { required: MESSAGES.required }, children: [] }],
        },
      ],
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual({ email: MESSAGES.invalidEmail, 'signers.0': MESSAGES.required });
    expect(error.messages).toEqual([MESSAGES.invalidEmail, MESSAGES.required]);
  });

  it('keeps a plain-text answer as the message and falls back to Something went wrong', () => {
    expect(apiErrorFromBody(502, 'Bad gateway').message).toBe('Bad gateway');
    expect(apiErrorFromBody(500, undefined).message).toBe(MESSAGES.somethingWentWrong);
    expect(apiErrorFromBody(500, undefined).code).toBe('INTERNAL');
  });

  it('does not take a body of the wrong shape for an error answer', () => {
    const unknownCode = apiErrorFromBody(400, { statusCode: 400, code: 'NO_SUCH_CODE', message: 'Nope' });
    expect(unknownCode.code).toBe('UNEXPECTED_RESPONSE');
    expect(unknownCode.message).toBe(MESSAGES.somethingWentWrong);
    const badItems = apiErrorFromBody(400, { code: 'VALIDATION_ERROR', message: 'Bad', errors: [{ property: 1 }] });
    expect(badItems.code).toBe('UNEXPECTED_RESPONSE');
  });
});

describe('errorToastText', () => {
  it('shows the message, nothing for 401, and Something went wrong for anything else', () => {
    const invalid = new ApiError({ status: 400, code: 'LINK_INVALID', message: MESSAGES.linkInvalid });
    expect(errorToastText(invalid)).toBe(MESSAGES.linkInvalid);
    expect(errorToastText(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'x' }))).toBeNull();
    expect(errorToastText(new ApiError({ status: 500, code: 'INTERNAL', message: '' }))).toBe(
      MESSAGES.somethingWentWrong,
    );
    expect(errorToastText(new TypeError('boom'))).toBe(MESSAGES.somethingWentWrong);
  });
});
