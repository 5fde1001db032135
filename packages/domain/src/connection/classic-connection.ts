/** R-CLASSIC-1..2: the link to the classic Intercom, as the client sees it. */

export const classicConnectionStates = [
  'connecting',
  'connected',
  'reconnecting',
  'disconnected',
] as const;
export type ClassicConnectionState = (typeof classicConnectionStates)[number];

/** What the user is shown: reconnecting looks like connecting. */
export type ClassicDisplayState = Exclude<ClassicConnectionState, 'reconnecting'>;

export type ClassicConnection = {
  readonly state: ClassicConnectionState;
  /** The classic application has accepted this user. */
  readonly authenticated: boolean;
  readonly dirtyFormsCount: number;
};

export type ClassicConnectionEvent =
  | { readonly type: 'userAuthenticated' }
  | { readonly type: 'loggedOut' }
  | { readonly type: 'connected' }
  | { readonly type: 'connecting' }
  | { readonly type: 'disconnected' }
  | { readonly type: 'dirtyFormsCount'; readonly count: number };

export const initialClassicConnection: ClassicConnection = {
  state: 'disconnected',
  authenticated: false,
  dirtyFormsCount: 0,
};

/**
 * A connecting event after the link was up is a reconnection. Losing the link, or the classic
 * user logging out, forgets the authentication and the unsaved-forms count: the classic side
 * must authenticate again and its count is unknown until it reports one.
 */
export function classicConnectionReducer(
  connection: ClassicConnection,
  event: ClassicConnectionEvent,
): ClassicConnection {
  switch (event.type) {
    case 'userAuthenticated':
      return { ...connection, authenticated: true };
    case 'loggedOut':
      return { ...connection, authenticated: false, dirtyFormsCount: 0 };
    case 'connected':
      return { ...connection, state: 'connected' };
    case 'connecting':
      return {
        ...connection,
        state:
          connection.state === 'connected' || connection.state === 'reconnecting'
            ? 'reconnecting'
            : 'connecting',
      };
    case 'disconnected':
      return { state: 'disconnected', authenticated: false, dirtyFormsCount: 0 };
    case 'dirtyFormsCount':
      return { ...connection, dirtyFormsCount: toDirtyFormsCount(event.count) };
  }
}

/** A count must be a whole number of forms; anything else the classic side sends reads as 0. */
export function toDirtyFormsCount(count: number): number {
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export function classicDisplayState(state: ClassicConnectionState): ClassicDisplayState {
  return state === 'reconnecting' ? 'connecting' : state;
}
