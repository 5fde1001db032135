/** R-CONST-1..15: business constants and limits, and the client facts of R-CLIENT-1..2. */

export const clientVersion = '2.71.1';
export const clientMode = 'production';
export const autoLogin = false;
export const defaultLoggerLevel = 'warning';

export const defaultPorts = { server: 8484, dispatcher: 8123, legacy: 8080 } as const;

export const tokenLoginRetry = { limit: 10, intervalMs: 2000 } as const;
/** Token login to classic stops on success, a rejected token, or no user logged in. */
export const tokenLoginStopStatuses = [200, 401, 409] as const;

export const autoReconnectLimit = { dispatcher: 2, legacy: 2 } as const;

export const statusModalAutoCloseDelayMs = 500;
export const statusModalStartProgress = { min: 1, max: 20 } as const;

export const timeouts = {
  legacyLoginAnswerMs: 2000,
  dirtyFormsQueryMs: 5000,
  authenticationCheckMs: 5000,
} as const;

export const dispatcherWakeUp = { firstPingDelayMs: 500, retryDelayMs: 2000 } as const;

export const mobileMaxWidthPx = 768;
export const resizeDebounceMs = 250;
export const breakpointsPx = { small: 600, medium: 960, large: 1280, xlarge: 1920 } as const;

export const absoluteRedirectLimit = 31;
export const initialSlowRequestThresholdMs = 0;

export const permissionRange = { min: 1, max: 6 } as const;

export const dateTimeFormat = 'YYYY-MM-DDTHH:mm:ss';
export const minutesDisplayFormat = 'HH:mm';

export const selectionListDefaults = {
  selectAllShortcut: 'Ctrl+A',
  color: 'accent',
  multiple: true,
  togglePosition: 'after',
} as const;

export const frameworkDefaults = {
  typeaheadDebounceMs: 200,
  backdropRemovalTimeoutMs: 500,
  touchVersusMouseWindowMs: 650,
  liveAnnouncerDelayMs: 100,
} as const;

/**
 * R-CONST-15: the layout breakpoints, in CSS pixels. Below `small` is a handset; from `small` to
 * `medium` a tablet or a narrow window, where screens take their compact layout.
 */
export const layoutBreakpointsPx = { small: 600, medium: 960, large: 1280, xlarge: 1920 } as const;

/** R-ENTITY-41: the keys the client keeps in browser storage. */
export const storageKeys = {
  language: 'language',
  seatToken: 'seatToken',
  seatTokenTimeStamp: 'seatTokenTimeStamp',
  reportRefresh: 'reportRefresh',
} as const;

/** R-PRINT-1: the print window's size, as fractions of the opening window. */
export const printWindowSize = { heightFraction: 0.9, widthFraction: 1 } as const;

/** R-MENU-2: id 999999 marks a placeholder menu entry. */
export const placeholderMenuId = 999999;
