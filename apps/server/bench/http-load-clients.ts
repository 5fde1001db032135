/**
 * Worker thread of the load board benchmark: a closed-loop HTTP/1.1 load generator, `connections`
 * keep-alive sockets each sending the next GET as soon as the previous answer is complete. It
 * reads a response's status line and Content-Length and then only counts the body's bytes: the
 * board's answer is hundreds of kilobytes, and autocannon turns every body into a string, which
 * on this two-core machine made the measuring tool the bottleneck rather than the server.
 */
import net from 'node:net';
import { parentPort } from 'node:worker_threads';

export type HttpLoadCommand = {
  url: string;
  headers: Record<string, string>;
  connections: number;
  warmUpSeconds: number;
  seconds: number;
};

export type HttpLoadResult = {
  latencies: number[];
  errors: number;
  non2xx: number;
  elapsedSeconds: number;
  bytes: number;
};

const headerEnd = Buffer.from('\r\n\r\n');

function run(command: HttpLoadCommand): Promise<HttpLoadResult> {
  const target = new URL(command.url);
  const request = Buffer.from(
    [
      `GET ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      ...Object.entries(command.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n'),
  );
  const result: HttpLoadResult = {
    latencies: [],
    errors: 0,
    non2xx: 0,
    elapsedSeconds: 0,
    bytes: 0,
  };
  const begin = performance.now();
  const measureFrom = begin + command.warmUpSeconds * 1000;
  const end = measureFrom + command.seconds * 1000;

  const client = () =>
    new Promise<void>((resolve) => {
      const socket = net.connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let header = Buffer.alloc(0);
      let remaining = -1;
      let status = 0;
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= end) {
          socket.end();
          return resolve();
        }
        header = Buffer.alloc(0);
        remaining = -1;
        sentAt = performance.now();
        socket.write(request);
      };
      const complete = () => {
        const now = performance.now();
        if (sentAt >= measureFrom) {
          result.latencies.push(now - sentAt);
          if (status < 200 || status >= 300) result.non2xx += 1;
        }
        send();
      };
      socket.on('data', (chunk: Buffer) => {
        let body = chunk;
        if (remaining < 0) {
          header = Buffer.concat([header, chunk]);
          const at = header.indexOf(headerEnd);
          if (at === -1) return;
          const head = header.toString('latin1', 0, at);
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) {
            result.errors += 1;
            socket.destroy();
            return resolve();
          }
          remaining = Number(length[1]);
          body = header.subarray(at + headerEnd.length);
        }
        remaining -= body.length;
        if (sentAt >= measureFrom) result.bytes += body.length;
        if (remaining <= 0) complete();
      });
      socket.on('error', () => {
        result.errors += 1;
        resolve();
      });
      socket.on('connect', send);
    });

  return Promise.all(Array.from({ length: command.connections }, client)).then(() => {
    result.elapsedSeconds = (performance.now() - measureFrom) / 1000;
    return result;
  });
}

parentPort!.on('message', (command: HttpLoadCommand) => {
  run(command).then(
    (result) => parentPort!.postMessage({ type: 'done', result }),
    (error: unknown) => parentPort!.postMessage({ type: 'error', message: String(error) }),
  );
});
