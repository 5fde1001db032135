/**
 * The hub benchmark's baseline, run as its own process: a bare `ws` server that broadcasts the
 * same truckUpdate_v1 frames, at the same rate, to every client: no database, no NOTIFY, no hub
 * protocol, no groups. What the dispatcher adds is measured against it.
 */
import http from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

const separator = '\u001e';
const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith('/broadcast')) {
    response.writeHead(404).end();
    return;
  }
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const { rate, seconds, template } = JSON.parse(body) as {
      rate: number;
      seconds: number;
      template: Record<string, unknown>;
    };
    let sent = 0;
    const total = rate * seconds;
    const started = Date.now();
    const tick = setInterval(() => {
      // Catch up to where the clock says we should be, as the API's writes would arrive.
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        const payload = { ...template, statusDateTime: new Date().toISOString() };
        const frame = `${JSON.stringify({ type: 1, target: 'truckUpdate_v1', arguments: [payload] })}${separator}`;
        for (const client of sockets) client.send(frame);
      }
      if (sent >= total) {
        clearInterval(tick);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ sent }));
      }
    }, 5);
  });
});
const sockets = new Set<WebSocket>();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
