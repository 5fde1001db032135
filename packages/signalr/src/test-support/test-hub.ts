import { createHub } from '../hub';
import type { Hub, HubLogger, HubOptions } from '../types';

export type TestUser = { name: string };
export type LogEntry = { level: 'info' | 'warn' | 'error'; obj: object; msg: string | undefined };

/** Tokens the test hubs accept; anything else is rejected, and no token means an anonymous user. */
export const TOKENS: Record<string, TestUser> = { 'alice-secret-token': { name: 'alice' } };

export function createLogCollector(): { logger: HubLogger; entries: LogEntry[]; text(): string } {
  const entries: LogEntry[] = [];
  const record =
    (level: LogEntry['level']) =>
    (obj: object, msg?: string): void => {
      entries.push({ level, obj, msg });
    };
  return {
    logger: { info: record('info'), warn: record('warn'), error: record('error') },
    entries,
    text: () =>
      entries
        .map((entry) =>
          JSON.stringify({ ...entry, obj: entry.obj }, (_key, value: unknown) =>
            value instanceof Error ? { message: value.message, stack: value.stack } : value,
          ),
        )
        .join('\n'),
  };
}

export type TestHub = {
  hub: Hub<TestUser>;
  port: number;
  /** http://127.0.0.1:port/hub */
  url: string;
  logs: ReturnType<typeof createLogCollector>;
  close(): Promise<void>;
};

export async function startTestHub(
  overrides: Partial<HubOptions<TestUser>> = {},
  port = 0,
): Promise<TestHub> {
  const logs = createLogCollector();
  const hub = createHub<TestUser>({
    path: '/hub',
    logger: logs.logger,
    authenticate: (token) => (token === undefined ? { name: 'anonymous' } : TOKENS[token]),
    methods: {},
    ...overrides,
  });
  const listening = await hub.listen(port, '127.0.0.1');
  return {
    hub,
    port: listening.port,
    url: `http://127.0.0.1:${listening.port}/hub`,
    logs,
    close: () => listening.close(),
  };
}
