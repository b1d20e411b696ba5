// The tests' NATS: a server process per test file (scripts/nats-process.ts).
export { ensureNatsServer, startNats, type TestNats } from '../../scripts/nats-process';
