/** A scale indicator on a serial port (RS-232, or RS-485 through an adapter). */
import type { ScaleAddress } from '@dispatch/domain/plants/scale';
import type { Connection, ConnectionHandlers } from './connection';

export type SerialAddress = Extract<ScaleAddress, { kind: 'serial' }>;

/**
 * Opens the port with the plant's line settings. `serialport` (a native addon) is loaded only
 * here, so a server whose scales are all on TCP or simulated never loads it.
 */
export async function connectSerial(
  address: SerialAddress,
  handlers: ConnectionHandlers,
): Promise<Connection> {
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({
    path: address.path,
    baudRate: address.baudRate,
    dataBits: address.dataBits,
    parity: address.parity,
    stopBits: address.stopBits,
    autoOpen: false,
  });
  await new Promise<void>((resolve, reject) => {
    port.open((error) => (error ? reject(error) : resolve()));
  });
  let failure: string | null = null;
  port.on('data', (chunk: Buffer) => handlers.data(chunk));
  port.on('error', (error: Error) => {
    failure = error.message;
  });
  // `close` comes with an error when the device went away (a USB adapter unplugged).
  port.on('close', (error?: Error | null) => {
    handlers.closed(error?.message ?? failure ?? `${address.path} was closed`);
  });
  return {
    write: (bytes) => {
      port.write(bytes);
    },
    destroy: () => {
      if (port.isOpen) port.close(() => undefined);
    },
  };
}
