/**
 * The pour-page benchmark's baseline, run as its own process: a bare node:http server of
 * server-sent events. Each page opens `/live?group=N` (N: its order's place among the watched
 * orders); POST /broadcast has it send the same pour page (the template, read from the API in the
 * same run) at the same rate, the groups in turn, each time with one load's truck renamed `G<N>`
 * and its position stamped with the send time, serialized once and written to every page of the
 * group: no database, no NOTIFY, no reads. What the API adds is measured against it.
 */
import http from 'node:http';

type Template = { loads: { truckNumber: string | null; position: unknown }[] };

const groups = new Map<number, Set<http.ServerResponse>>();

function broadcast(request: http.IncomingMessage, response: http.ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    const { rate, seconds, template } = JSON.parse(body) as {
      rate: number;
      seconds: number;
      template: Template;
    };
    const order = [...groups.keys()].sort((a, b) => a - b);
    // The load whose truck moves: the first on its way with a position, else the first.
    const moving = Math.max(
      0,
      template.loads.findIndex((load) => load.position !== null),
    );
    let sent = 0;
    const total = Math.round(rate * seconds);
    const started = Date.now();
    const tick = setInterval(() => {
      // Catch up to where the clock says we should be, as the API's posts would arrive.
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        const group = order[sent % order.length]!;
        const loads = template.loads.map((load, index) =>
          index === moving
            ? {
                ...load,
                truckNumber: `G${group}`,
                position: {
                  ...(load.position as object),
                  recordedAt: new Date().toISOString(),
                },
              }
            : load,
        );
        const frame = Buffer.from(`data: ${JSON.stringify({ ...template, loads })}\n\n`);
        for (const page of groups.get(group) ?? []) page.write(frame);
      }
      if (sent >= total) {
        clearInterval(tick);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ sent }));
      }
    }, 5);
  });
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/broadcast')
    return broadcast(request, response);
  if (request.method !== 'GET' || url.pathname !== '/live') {
    response.writeHead(404).end();
    return;
  }
  const group = Number(url.searchParams.get('group'));
  let pages = groups.get(group);
  if (!pages) groups.set(group, (pages = new Set()));
  const page = response;
  pages.add(page);
  request.on('close', () => pages.delete(page));
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  response.write(': open\n\n');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
