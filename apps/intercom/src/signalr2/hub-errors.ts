/** Thrown by a hub method to tell the caller why it refused (the client sees IsHubException). */
export class HubException extends Error {
  override name = 'HubException';
}

/** No such hub, or no such method with that many arguments: SignalR 2's resolution errors. */
export class HubResolutionError extends Error {
  override name = 'HubResolutionError';
}

export function hubNotResolved(hub: string): HubResolutionError {
  return new HubResolutionError(`'${hub}' Hub could not be resolved.`);
}

export function methodNotResolved(method: string, argumentCount: number): HubResolutionError {
  return new HubResolutionError(
    `'${method}' method could not be resolved with ${argumentCount} argument(s).`,
  );
}
