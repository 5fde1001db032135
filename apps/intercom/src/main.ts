import { readEnv } from './env';
import { createIntercomServer } from './intercom-server';
import type { IntercomLogger } from './logger';

const consoleLogger: IntercomLogger = {
  info: (message) => process.stdout.write(`${new Date().toISOString()} ${message}\n`),
  warn: (message) => process.stderr.write(`${new Date().toISOString()} warn ${message}\n`),
  error: (message, error) =>
    process.stderr.write(
      `${new Date().toISOString()} error ${message}${error instanceof Error ? `: ${error.stack ?? error.message}` : ''}\n`,
    ),
};

/** Starts the classic intercom stand-in and prints where the hub and its page are. */
async function main(): Promise<void> {
  const env = readEnv();
  const intercom = createIntercomServer({
    apiUrl: env.API_URL,
    logger: consoleLogger,
    fixedUser: env.INTERCOM_USER,
    requireDesktopLogin: env.INTERCOM_REQUIRE_DESKTOP_LOGIN,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: shutting down`);
    await intercom.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const { port } = await intercom.listen(env.INTERCOM_PORT, env.HOST);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${host}:${port}`;
  const lines = [
    '',
    `  Classic AUJS intercom (stand-in) is running at ${url}`,
    `  SignalR 2 hub: ${url}/signalr  (hub intercomHub)`,
    `  Tokens are checked against ${env.API_URL}`,
    ...(env.INTERCOM_USER ? [`  Fixed classic user: ${env.INTERCOM_USER}`] : []),
    ...(env.INTERCOM_REQUIRE_DESKTOP_LOGIN
      ? ['  Token login is refused until someone logs in on the page']
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The intercom stand-in could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
