// Entry point: config → database → migrations → seed when empty → listen. Prints exactly one line on
// stdout when ready, `listening on http://HOST:PORT` (tests and scripts wait for it); logs go to stderr.
// SIGTERM/SIGINT close the HTTP server and the database; a second signal exits at once.
import type { AddressInfo } from 'node:net';
import { buildServer } from './app.ts';
import { ConfigError, loadConfig, resolveSecrets } from './config.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof resolveSecrets>;
  try {
    config = resolveSecrets(loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const app = await buildServer(config);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(`listening on http://${host}:${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && error.stack && process.env.LOG_LEVEL === 'debug')
    process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
