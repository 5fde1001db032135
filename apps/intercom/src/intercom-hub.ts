import { classicAuthenticationSchema } from '@dispatch/domain/session/login';
import { messages } from '@dispatch/domain/messages';
import type { ClassicDesktop } from './classic-desktop';
import { lookUpClassicForm, type ClassicFormIdentity } from './classic-forms';
import { intercomMessages } from './intercom-messages';
import { HubException, methodNotResolved } from './signalr2/hub-errors';
import type { HubCaller } from './signalr2/signalr2-endpoint';
import type { HubInvocation } from './signalr2/protocol';
import type { TokenChecker } from './token-check';

/** The hub's name in events; clients address it as `intercomHub` (any case). */
export const intercomHubName = 'IntercomHub';

/** R-INTERCOM-3: the client methods the classic hub calls. */
export const intercomEvents = {
  authPingback: 'AuthPingback',
  authTokenAccepted: 'AuthTokenAccepted',
  errorLoggingIn: 'ErrorLoggingIn',
  dirtyFormsCount: 'DirtyFormsCount',
  loggedOut: 'LoggedOut',
  userIsAuthenticated: 'UserIsAuthenticated',
} as const;

export type IntercomHubDeps = {
  readonly desktop: ClassicDesktop;
  readonly checkToken: TokenChecker;
  /** A user fixed at the desktop: Authenticate reports this user whoever asked for a login. */
  readonly fixedUser: string | null;
  /** Token login is refused (ErrorLoggingIn) while nobody is logged in at the desktop. */
  readonly requireDesktopLogin?: boolean;
  /** Calls a client method on every subscribed hub connection. */
  readonly broadcast: (event: string, args: readonly unknown[]) => void;
};

type HubMethod = {
  readonly name: string;
  /** SignalR 2 resolves a method by name and argument count. */
  readonly arity: readonly [min: number, max: number];
  run(args: readonly unknown[], caller: HubCaller): unknown;
};

const nonBlank = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** R-INTERCOM-2's classic hub methods, over the simulated classic desktop. */
export function createIntercomHub(deps: IntercomHubDeps) {
  const { desktop, broadcast } = deps;

  function openForm(form: ClassicFormIdentity, args: unknown): true {
    if (!desktop.openForm(form, args)) throw new HubException(intercomMessages.noClassicUser);
    return true;
  }

  const methods: readonly HubMethod[] = [
    {
      name: 'AuthPing',
      arity: [0, 0],
      run(_args, caller) {
        const { user } = desktop;
        caller.send(intercomEvents.authPingback, [user !== null, user?.username ?? null]);
      },
    },
    {
      name: 'Authenticate',
      arity: [3, 3],
      run([server, database, username], caller) {
        const parsed = classicAuthenticationSchema.safeParse({ server, database, username });
        if (!parsed.success) {
          caller.send(intercomEvents.errorLoggingIn, [messages.classicAuthRequired]);
          return;
        }
        const loggedIn = deps.fixedUser ?? parsed.data.username;
        desktop.logIn({
          username: loggedIn,
          server: parsed.data.server,
          database: parsed.data.database,
        });
        broadcast(intercomEvents.userIsAuthenticated, [loggedIn]);
      },
    },
    {
      name: 'AuthenticateWithToken',
      arity: [3, 3],
      async run(args, caller) {
        const [server, database, token] = args.map(nonBlank);
        if (!server || !database || !token) {
          caller.send(intercomEvents.errorLoggingIn, [intercomMessages.tokenLoginRequired]);
          return;
        }
        const check = await deps.checkToken(token, database);
        // R-TOKEN-1: the API could not be asked; the call fails and the client tries again.
        if (check.kind === 'unavailable') throw new HubException(check.message);
        if (check.kind === 'rejected') {
          caller.send(intercomEvents.errorLoggingIn, [check.message]);
          return;
        }
        // R-TOKEN-2: nobody logged in to the classic application on this computer.
        if (deps.requireDesktopLogin && desktop.user === null) {
          caller.send(intercomEvents.errorLoggingIn, [intercomMessages.noClassicUser]);
          return;
        }
        desktop.logIn({ username: check.username, server, database: check.database });
        caller.send(intercomEvents.authTokenAccepted, []);
        broadcast(intercomEvents.userIsAuthenticated, [check.username]);
      },
    },
    {
      name: 'OpenForm',
      arity: [1, 2],
      run([idOrEnumId, formArgs]) {
        const lookup = lookUpClassicForm(idOrEnumId);
        if (!lookup) throw new HubException(intercomMessages.formRequired);
        if (!lookup.ok) throw new HubException(lookup.message);
        return openForm(lookup.form, formArgs);
      },
    },
    {
      name: 'CreateTicket',
      arity: [0, 1],
      run([ticketArgs]) {
        return openForm({ formId: null, enumId: 'CreateTicket', name: 'New Ticket' }, ticketArgs);
      },
    },
    {
      name: 'ViewTicket',
      arity: [1, 1],
      run([ticketId]) {
        const id = typeof ticketId === 'number' ? String(ticketId) : nonBlank(ticketId);
        if (!id) throw new HubException(intercomMessages.ticketRequired);
        return openForm({ formId: null, enumId: 'ViewTicket', name: `Ticket ${id}` }, { ticketId });
      },
    },
    {
      name: 'QueryDirtyFormsCount',
      arity: [0, 0],
      run(_args, caller) {
        const count = desktop.dirtyCount();
        caller.send(intercomEvents.dirtyFormsCount, [count]);
        return count;
      },
    },
    {
      name: 'Logout',
      arity: [0, 0],
      run() {
        desktop.logOut();
        broadcast(intercomEvents.loggedOut, []);
      },
    },
  ];
  // .NET resolves hub methods ignoring case.
  const byName = new Map(methods.map((method) => [method.name.toLowerCase(), method]));

  return {
    async invoke(invocation: HubInvocation, caller: HubCaller): Promise<unknown> {
      const method = byName.get(invocation.method.toLowerCase());
      const count = invocation.args.length;
      if (!method || count < method.arity[0] || count > method.arity[1]) {
        throw methodNotResolved(invocation.method, count);
      }
      return await method.run(invocation.args, caller);
    },
  };
}

export type IntercomHub = ReturnType<typeof createIntercomHub>;
