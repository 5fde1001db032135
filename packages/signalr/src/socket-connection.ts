import type { Duplex } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { FlushScheduler } from './flush-scheduler';
import {
  HANDSHAKE_OK_RECORD,
  MessageType,
  PING_RECORD,
  RECORD_SEPARATOR,
  checkHandshakeRequest,
  encodeClose,
  encodeCompletion,
  encodeHandshakeError,
  encodeInvocation,
  parseHubMessage,
} from './hub-protocol';
import type { HubMessage } from './hub-protocol';
import type { HubConnection, HubLogger, HubMethod } from './types';

/** The hub's side of a connection, called by the connection at the points of its life the hub cares about. */
export type ConnectionHost<TUser> = {
  readonly logger: HubLogger;
  readonly maximumMessageBytes: number;
  readonly flushScheduler: FlushScheduler;
  findMethod(name: string): HubMethod<TUser> | undefined;
  handleHandshake(connection: SocketConnection<TUser>): void;
  handleClosed(connection: SocketConnection<TUser>, error: Error | undefined): void;
};

export type ConnectionTimings = {
  keepAliveIntervalMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
};

/** A socket this far behind is not reading: dropping it (logged; the client reconnects) bounds memory. */
const SLOW_CONSUMER_BYTES = 16 * 1024 * 1024;
const MAX_REMEMBERED_STREAMS = 256;
/** Closes that the official client makes on stop() or page unload. */
const CLEAN_CLOSE_CODES: ReadonlySet<number> = new Set([1000, 1001, 1005]);

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) {
    return data;
  }
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function errorText(error: unknown, target: string): string {
  if (error instanceof Error && error.message !== '') {
    return error.message;
  }
  return `An unexpected error occurred invoking '${target}' on the server.`;
}

export class SocketConnection<TUser> implements HubConnection<TUser> {
  readonly id: string;
  readonly user: TUser;
  readonly items = new Map<string, unknown>();
  /** Settles once the socket has closed, for whatever reason. */
  readonly closed: Promise<void>;
  #handshaken = false;
  #closing = false;
  #closeError: Error | undefined;
  #openedAt: number;
  #lastReceivedAt: number;
  #lastSentAt: number;
  #remainder: Buffer | undefined;
  #pending: Buffer[] = [];
  #refusedStreams = new Set<string>();
  /** Invocations run one at a time, in order, as ASP.NET Core runs them by default. */
  #queue: Promise<void> = Promise.resolve();
  readonly #socket: WebSocket;
  /** The stream ws upgraded; frames are written to it directly (see flush). */
  readonly #transport: Duplex;
  readonly #host: ConnectionHost<TUser>;

  constructor(
    id: string,
    user: TUser,
    socket: WebSocket,
    transport: Duplex,
    host: ConnectionHost<TUser>,
    now: number,
  ) {
    this.id = id;
    this.user = user;
    this.#socket = socket;
    this.#transport = transport;
    this.#host = host;
    this.#openedAt = now;
    this.#lastReceivedAt = now;
    this.#lastSentAt = now;
    this.closed = new Promise((resolve) => {
      socket.on('close', (code: number) => {
        this.#closing = true;
        const error =
          this.#closeError ??
          (CLEAN_CLOSE_CODES.has(code)
            ? undefined
            : new Error(`WebSocket closed with status code ${code}.`));
        host.handleClosed(this, error);
        resolve();
      });
    });
    socket.on('error', (error: Error) => {
      host.logger.warn({ connectionId: id, error: error.message }, 'signalr socket error');
    });
    socket.on('message', (data: RawData) => this.#handleData(toBuffer(data)));
  }

  get handshaken(): boolean {
    return this.#handshaken;
  }

  send(target: string, ...args: unknown[]): void {
    this.sendRecord(encodeInvocation(target, args));
  }

  abort(error?: string): void {
    this.closeWith(error, false);
  }

  /**
   * Queues one whole record (a message and its 0x1E); flush() writes the queue at the end of this
   * loop turn, or when the hub's send interval allows. Never waits: the stream buffers what the
   * kernel cannot take yet.
   */
  sendRecord(record: Buffer): void {
    if (this.#closing || this.#socket.readyState !== this.#socket.OPEN) {
      return;
    }
    if (this.#transport.writableLength > SLOW_CONSUMER_BYTES) {
      this.#host.logger.warn(
        { connectionId: this.id, bufferedBytes: this.#transport.writableLength },
        'signalr connection dropped: the client is not reading',
      );
      this.terminate(new Error('The client stopped reading.'));
      return;
    }
    this.#pending.push(record);
    if (this.#pending.length === 1) {
      this.#host.flushScheduler.schedule(this);
    }
    this.#lastSentAt = Date.now();
  }

  /**
   * Writes the queued records straight to the socket ws upgraded: one frame (the hub protocol
   * splits a frame on 0x1E, so a frame may carry several), one system call. Connections that
   * received the same broadcasts share the frame's bytes. Safe beside ws's own writes (pongs, the
   * close frame) because compression is off, so ws also writes each frame synchronously and
   * whole; close() flushes first so the close frame comes last.
   */
  flush(): void {
    const records = this.#pending;
    if (records.length === 0) {
      return;
    }
    this.#pending = [];
    if (this.#socket.readyState !== this.#socket.OPEN) {
      return;
    }
    this.#transport.write(this.#host.flushScheduler.frameOf(records));
  }

  /** Tells the client why (a close message, or a handshake error before the handshake), then closes. */
  closeWith(error: string | undefined, allowReconnect: boolean): void {
    if (this.#closing) {
      return;
    }
    if (this.#handshaken) {
      this.sendRecord(encodeClose(error, allowReconnect));
    } else {
      this.sendRecord(encodeHandshakeError(error ?? 'The connection was closed.'));
    }
    this.#closing = true;
    this.#closeError = error === undefined ? undefined : new Error(error);
    this.flush();
    this.#socket.close(1000);
  }

  terminate(error?: Error): void {
    this.#closing = true;
    this.#closeError ??= error;
    this.#pending = [];
    this.#socket.terminate();
  }

  /** Called by the hub's timer: handshake deadline, client timeout, keep-alive ping. */
  checkTimers(now: number, timings: ConnectionTimings): void {
    if (this.#closing) {
      return;
    }
    if (!this.#handshaken) {
      if (now - this.#openedAt >= timings.handshakeTimeoutMs) {
        this.closeWith('The handshake was not completed in time.', false);
      }
      return;
    }
    if (now - this.#lastReceivedAt >= timings.clientTimeoutMs) {
      this.closeWith(
        `Nothing was received from the client for ${timings.clientTimeoutMs} ms.`,
        false,
      );
      return;
    }
    if (now - this.#lastSentAt >= timings.keepAliveIntervalMs) {
      this.sendRecord(PING_RECORD);
    }
  }

  /** Adds work behind every earlier invocation. */
  enqueue(work: () => Promise<void> | void): Promise<void> {
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      // Work catches its own errors; this only keeps one bug from stalling the connection.
      this.#host.logger.error({ connectionId: this.id, err: error }, 'signalr queued work failed');
    });
    return this.#queue;
  }

  #handleData(data: Buffer): void {
    this.#lastReceivedAt = Date.now();
    if (this.#closing) {
      return;
    }
    // A record may continue in the next frame; 0x1E never occurs inside UTF-8 text, so splitting bytes is safe.
    const buffer = this.#remainder === undefined ? data : Buffer.concat([this.#remainder, data]);
    this.#remainder = undefined;
    const limit = this.#host.maximumMessageBytes;
    let start = 0;
    for (
      let end = buffer.indexOf(RECORD_SEPARATOR, start);
      end !== -1;
      end = buffer.indexOf(RECORD_SEPARATOR, start)
    ) {
      if (end - start > limit) {
        this.closeWith(`The message exceeds the maximum size of ${limit} bytes.`, false);
        return;
      }
      const text = buffer.toString('utf8', start, end);
      start = end + 1;
      this.#handleRecord(text);
      if (this.#closing) {
        return;
      }
    }
    if (start < buffer.length) {
      if (buffer.length - start > limit) {
        this.closeWith(`The message exceeds the maximum size of ${limit} bytes.`, false);
        return;
      }
      this.#remainder = Buffer.from(buffer.subarray(start));
    }
  }

  #handleRecord(text: string): void {
    if (!this.#handshaken) {
      const error = checkHandshakeRequest(text);
      if (error !== undefined) {
        this.closeWith(error, false);
        return;
      }
      this.sendRecord(HANDSHAKE_OK_RECORD);
      this.#handshaken = true;
      this.#host.handleHandshake(this);
      return;
    }
    const message = parseHubMessage(text);
    if (message === undefined) {
      this.closeWith('Received a message that is not a JSON object with a numeric type.', false);
      return;
    }
    this.#handleMessage(message);
  }

  #handleMessage(message: HubMessage): void {
    switch (message.type) {
      case MessageType.Invocation:
        this.#handleInvocation(message);
        return;
      case MessageType.StreamInvocation:
        this.#refuse(message, 'Streaming hub methods are not supported by this server.');
        return;
      case MessageType.StreamItem:
        this.#refuseStreamItem(message);
        return;
      case MessageType.Close:
        // The client is leaving: nothing more to tell it.
        this.#closing = true;
        this.flush();
        this.#socket.close(1000);
        return;
      // Nothing to cancel (no stream ever runs); pings only count as traffic; the server never asks
      // the client for results; Ack/Sequence belong to stateful reconnect, which is not offered.
      // Unknown types are ignored for forward compatibility, as ASP.NET Core does.
      default:
        return;
    }
  }

  /** One refusal per upload stream, not one per item. */
  #refuseStreamItem(message: HubMessage): void {
    const { invocationId } = message;
    if (typeof invocationId !== 'string' || this.#refusedStreams.has(invocationId)) {
      return;
    }
    if (this.#refusedStreams.size >= MAX_REMEMBERED_STREAMS) {
      this.#refusedStreams.clear();
    }
    this.#refusedStreams.add(invocationId);
    this.#refuse(message, 'Client-to-server streaming is not supported by this server.');
  }

  #refuse(message: HubMessage, error: string): void {
    const { invocationId } = message;
    if (typeof invocationId === 'string') {
      void this.enqueue(() => this.sendRecord(encodeCompletion(invocationId, { error })));
    }
  }

  #handleInvocation(message: HubMessage): void {
    const { invocationId, target, arguments: args, streamIds } = message;
    if (invocationId !== undefined && typeof invocationId !== 'string') {
      this.closeWith('Received an invocation whose invocationId is not a string.', false);
      return;
    }
    const answer = (error: string): void => {
      if (invocationId === undefined) {
        this.#host.logger.warn({ connectionId: this.id, error }, 'signalr invocation refused');
        return;
      }
      void this.enqueue(() => this.sendRecord(encodeCompletion(invocationId, { error })));
    };
    if (typeof target !== 'string') {
      answer("The invocation has no 'target' method name.");
      return;
    }
    if (args !== undefined && !Array.isArray(args)) {
      answer(`The 'arguments' of the invocation of '${target}' are not an array.`);
      return;
    }
    if (Array.isArray(streamIds) && streamIds.length > 0) {
      answer('Client-to-server streaming is not supported by this server.');
      return;
    }
    const method = this.#host.findMethod(target);
    if (method === undefined) {
      answer(`Unknown hub method '${target}'`);
      return;
    }
    const argList: unknown[] = args ?? [];
    void this.enqueue(() => this.#invoke(method, target, argList, invocationId));
  }

  async #invoke(
    method: HubMethod<TUser>,
    target: string,
    args: unknown[],
    invocationId: string | undefined,
  ): Promise<void> {
    let result: unknown;
    try {
      result = await method(this, ...args);
    } catch (error) {
      this.#host.logger.error(
        { connectionId: this.id, method: target, err: error },
        'signalr hub method failed',
      );
      if (invocationId !== undefined) {
        this.sendRecord(encodeCompletion(invocationId, { error: errorText(error, target) }));
      }
      return;
    }
    if (invocationId === undefined) {
      return;
    }
    let record: Buffer;
    try {
      record = encodeCompletion(invocationId, { result });
    } catch (error) {
      this.#host.logger.error(
        { connectionId: this.id, method: target, err: error },
        'signalr hub method result is not serialisable',
      );
      record = encodeCompletion(invocationId, {
        error: `The result of '${target}' could not be serialised.`,
      });
    }
    this.sendRecord(record);
  }
}
