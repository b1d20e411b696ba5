import { startServer } from './app';
import { ConfigError } from './config';

// Entry point: `npx tsx server/main.ts`. Configuration comes from the environment (see config.ts).
try {
  const server = await startServer();
  const { config } = server;
  console.log(
    `Exchange server (${config.mode}) at ${server.url}${config.basePath} – API ${server.url}/api/, socket ${server.url}/ws`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('shutdown failed', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
}
