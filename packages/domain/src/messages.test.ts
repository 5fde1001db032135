import { describe, expect, it } from 'vitest';
import { insufficientPermissionMessage, isRetryableAuthErrorCode, messages } from './messages';

describe('R-ERR-1..15: error catalogue', () => {
  it('keeps the texts word for word', () => {
    expect(messages.invalidHyperlink).toBe('Invalid hyperlink cannot navigate to item');
    expect(messages.authRetryFailed).toBe(
      'An error ocurred communicating with the server. Verify credentials and try again',
    );
    expect(messages.logoutUnsavedWarning).toBe(
      'You have unsaved windows open. Do you want to logoff without saving?',
    );
  });

  it('retries authentication only for missing_token_error and token_error', () => {
    expect(isRetryableAuthErrorCode('missing_token_error')).toBe(true);
    expect(isRetryableAuthErrorCode('token_error')).toBe(true);
    expect(isRetryableAuthErrorCode('invalid_grant')).toBe(false);
  });
});

describe('R-PERM-10: insufficient permission warning', () => {
  it('is the fixed text followed by the form name', () => {
    expect(insufficientPermissionMessage('Trucks')).toBe(
      'You do not have permissions to access this form Trucks',
    );
  });
});
