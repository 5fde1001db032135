/**
 * R-ERR-1..16: the error catalogue. The texts are kept word for word
 * (spelling included), because users and support staff search for them.
 */
export const messages = {
  attemptingAuthentication: 'Attempting Authentication...',
  authRetryFailed:
    'An error ocurred communicating with the server. Verify credentials and try again',
  loginInvalid:
    'The username and password or MQ Server are not valid. Please re-enter them and try again.',
  userLoginFailed: 'User Login Failed',
  databaseListError: 'Error retrieving database list.',
  databaseNotFound: 'The database was not found on the server.',
  databaseServerError: 'The server erred when retrieving the database.',
  databaseInvalid: 'The server returned an invalid database.',
  databaseListServerError:
    'The server had an error trying to retrieve the database list. Please try again or contact support.',
  classicTimeout: 'The connection to Classic AUJS time out. Please try again.',
  serverUserMismatch: 'The server user does not match the provided username.',
  printerListError: 'Error retrieving printer list.',
  printWindowNonPdf: 'Non .pdf files not currently supported in print window.',
  skipClassicWarning:
    'Skipping connection to Classic AUJS will prevent the opening of its forms. Do you want to proceed.',
  logoutUnsavedWarning: 'You have unsaved windows open. Do you want to logoff without saving?',
  invalidHyperlink: 'Invalid hyperlink cannot navigate to item',
  insufficientPermission: 'You do not have permissions to access this form',
  /** R-VALID-1: login's required fields, current wording. */
  loginRequired: 'Please provide a username and database to login with.',
  /** R-VALID-1: login's required fields, the older wording. */
  loginRequiredLegacy: 'Please provide a user ID and select a database.',
  classicAuthRequired: 'Server, database, and username are required fields.',
  /** R-PASS-3: a login with a temporary password. */
  passwordChangeRequired: 'Your password is temporary. Choose a new password to continue.',
} as const;

export type MessageKey = keyof typeof messages;

/** R-ERR-1: auth error codes that earn one automatic retry of authentication. */
export const retryableAuthErrorCodes = ['missing_token_error', 'token_error'] as const;
export type RetryableAuthErrorCode = (typeof retryableAuthErrorCodes)[number];

export function isRetryableAuthErrorCode(code: string): code is RetryableAuthErrorCode {
  return (retryableAuthErrorCodes as readonly string[]).includes(code);
}

/** R-PERM-10: the insufficient-permission warning is the fixed text followed by the form name. */
export function insufficientPermissionMessage(formName: string): string {
  return `${messages.insufficientPermission} ${formName}`.trim();
}

/** R-ERR-16 (and R-SKIP-3, R-VALID-17): the warnings that are only logged, never shown. */
export const warnings = {
  serverConfigUnavailable: 'Server configuration could not be loaded; the app may be unusable.',
  localhostWithoutDispatcherOverride:
    'Running on localhost with no dispatcher override: the dispatcher address is built from localhost.',
  routeResolveFailed: 'A route failed to resolve.',
  linkParameterMissing: 'The link has no system type parameter; nothing was opened.',
  classicFormAfterSkip: 'Classic Intercom was skipped: classic forms cannot be opened.',
  permissionOutOfRange: 'A permission id outside 0 to 6 was replaced by None.',
} as const;
