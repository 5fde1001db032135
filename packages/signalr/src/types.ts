import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { OriginRule } from './http-responses';

export type HubConnection<TUser> = {
  /** The public connectionId (never the secret connection token). */
  readonly id: string;
  /** What `authenticate` returned for this connection. */
  readonly user: TUser;
  /** Per-connection state for the host. */
  readonly items: Map<string, unknown>;
  send(target: string, ...args: unknown[]): void;
  /** Sends a close message (with the error, when given), then closes the socket. */
  abort(error?: string): void;
};

/** May return a Promise; the resolved value is the invocation's result. */
export type HubMethod<TUser> = (connection: HubConnection<TUser>, ...args: unknown[]) => unknown;

export type HubLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type BackplaneMessage = (
  | { scope: 'all' }
  | { scope: 'group'; group: string }
  | { scope: 'connection'; connectionId: string }
) & { target: string; args: unknown[] };

/** Lets several processes deliver the same send: every hub publishes, and delivers locally what it receives. */
export type Backplane = {
  publish(message: BackplaneMessage): Promise<void> | void;
  /** Returns the unsubscribe function. */
  subscribe(handler: (message: BackplaneMessage) => void): () => void;
};

export type HubOptions<TUser> = {
  /** e.g. '/dispatchHub' */
  path: string;
  /** Returning undefined rejects the request with 401. */
  authenticate: (
    accessToken: string | undefined,
    request: IncomingMessage,
  ) => Promise<TUser | undefined> | TUser | undefined;
  /** Matched case-insensitively, as ASP.NET Core does. */
  methods: Record<string, HubMethod<TUser>>;
  /**
   * Which browser origins may call the hub across origins (CORS). Default: pages of the same
   * host on any port (`sameHostOrigin`).
   */
  allowedOrigin?: OriginRule;
  onConnected?: (connection: HubConnection<TUser>) => void | Promise<void>;
  onDisconnected?: (connection: HubConnection<TUser>, error?: Error) => void | Promise<void>;
  /** Default: an in-memory backplane (local delivery only). */
  backplane?: Backplane;
  logger?: HubLogger;
  /** Ping after this long without sending anything. Default 15000. */
  keepAliveIntervalMs?: number;
  /** Drop a connection after this long without receiving anything. Default 30000. */
  clientTimeoutMs?: number;
  /** Time allowed for the handshake, and for a negotiated connection to connect. Default 15000. */
  handshakeTimeoutMs?: number;
  /**
   * About the least time between two writes to one socket (0: end of the loop turn). Under a
   * stream of broadcasts, messages queued meanwhile go out together in one frame, and the sockets
   * take turns across the interval; a quiet hub still sends at once.
   */
  sendIntervalMs?: number;
  /** Largest incoming message (one record of the JSON hub protocol). Default 32768. */
  maximumMessageBytes?: number;
};

export type SendTarget = { send(target: string, ...args: unknown[]): void };

export type ListeningHub = { port: number; close(): Promise<void> };

export type Hub<TUser> = {
  /** Attach to an existing node:http server (handles the hub path's HTTP requests and upgrades; leaves other requests alone). */
  attach(server: HttpServer): void;
  /** Or: create and listen on its own http server. Its close() also closes the hub. */
  listen(port: number, host?: string): Promise<ListeningHub>;
  readonly clients: {
    all: SendTarget;
    group(name: string): SendTarget;
    connection(id: string): SendTarget;
  };
  /** Membership is kept by the process that holds the connection; unknown ids are ignored. */
  readonly groups: {
    add(connectionId: string, group: string): void;
    remove(connectionId: string, group: string): void;
  };
  /** Connections of this process that completed the handshake. */
  connections(): Iterable<HubConnection<TUser>>;
  /** Close every connection (close message with allowReconnect when asked) and stop accepting new ones. */
  close(options?: { allowReconnect?: boolean }): Promise<void>;
};
