/** The JSON hub protocol of ASP.NET Core SignalR (HubProtocol.md): records are JSON texts ended by 0x1E. */

export const RECORD_SEPARATOR = 0x1e;
const SEPARATOR_TEXT = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

const SUPPORTED_PROTOCOL = 'json';
const SUPPORTED_VERSION = 1;

/** One whole record as a Buffer, so a broadcast converts the text once for every socket. */
export function encodeRecord(message: object): Buffer {
  return Buffer.from(JSON.stringify(message) + SEPARATOR_TEXT, 'utf8');
}

export function encodeInvocation(target: string, args: readonly unknown[]): Buffer {
  return encodeRecord({ type: MessageType.Invocation, target, arguments: args });
}

export function encodeCompletion(
  invocationId: string,
  outcome: { result: unknown } | { error: string },
): Buffer {
  return encodeRecord({ type: MessageType.Completion, invocationId, ...outcome });
}

export function encodeClose(error: string | undefined, allowReconnect: boolean): Buffer {
  return encodeRecord({
    type: MessageType.Close,
    ...(error === undefined ? {} : { error }),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });
}

export const PING_RECORD = encodeRecord({ type: MessageType.Ping });
export const HANDSHAKE_OK_RECORD = encodeRecord({});

export function encodeHandshakeError(error: string): Buffer {
  return encodeRecord({ error });
}

/** Returns the error to answer with, or undefined when the handshake request is acceptable. */
export function checkHandshakeRequest(text: string): string | undefined {
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    return 'The handshake request is not valid JSON.';
  }
  if (typeof request !== 'object' || request === null) {
    return 'The handshake request must be a JSON object.';
  }
  const { protocol, version } = request as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return "The handshake request must name a 'protocol' and a numeric 'version'.";
  }
  if (protocol !== SUPPORTED_PROTOCOL) {
    return `The protocol '${protocol}' is not supported.`;
  }
  // ASP.NET Core accepts every version up to its own; the JSON protocol has had only version 1.
  if (!Number.isInteger(version) || version < 0 || version > SUPPORTED_VERSION) {
    return `The server does not support version ${version} of the '${protocol}' protocol.`;
  }
  return undefined;
}

export type HubMessage = { type: number } & Record<string, unknown>;

/** Parses one record; undefined when it is not a JSON object with a numeric `type`. */
export function parseHubMessage(text: string): HubMessage | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return undefined;
  }
  const type = (message as { type?: unknown }).type;
  return typeof type === 'number' ? (message as HubMessage) : undefined;
}
