/** A scale indicator reached over TCP: a serial-to-Ethernet converter or an indicator's own port. */
import net from 'node:net';
import type { Connection, ConnectionHandlers } from './connection';

/**
 * Connects, or rejects when the connection is refused or nothing answers within `timeoutMs`: a
 * host that drops SYNs would otherwise keep the scale "connecting" for minutes.
 */
export function connectTcp(
  address: { host: string; port: number },
  handlers: ConnectionHandlers,
  timeoutMs: number,
): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    let open = false;
    let failure: string | null = null;
    const timer = setTimeout(
      () =>
        socket.destroy(
          new Error(`no answer from ${address.host}:${address.port} in ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    socket.on('connect', () => {
      clearTimeout(timer);
      open = true;
      socket.setNoDelay(true);
      // A converter switched off mid-weighing sends no FIN: keepalive (and the indicator's own
      // silence check) finds the dead connection.
      socket.setKeepAlive(true, 1000);
      resolve({
        write: (bytes) => socket.write(bytes),
        destroy: () => socket.destroy(),
      });
    });
    socket.on('data', (chunk: Buffer) => handlers.data(chunk));
    socket.on('error', (error) => {
      failure = error.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (open) handlers.closed(failure ?? 'the indicator closed the connection');
      else reject(new Error(failure ?? 'the connection closed before it opened'));
    });
  });
}
