// The console's worker entry: owns the API client, the session's token and the operator socket,
// and exposes them to the page through Comlink.
import * as Comlink from 'comlink';
import { createConsoleApi, createConsoleParts, serverSignIn, type SignInSteps } from './api';
import type { OpsClient } from './client';

declare const __OPS_DEMO__: boolean | undefined;

/**
 * DEVELOPMENT ONLY (VITE_OPS_DEMO=1): signs in with the shared token of a demo server. `npm run
 * build` compiles the branch that picks it to nothing, so the demo module is not in its output
 * (tests/unit/console/build-split.test.ts).
 */
function demoSteps(client: OpsClient): SignInSteps {
  const steps = import('./demo/demo-sign-in').then((m) => m.demoSignIn(client));
  return {
    login: async (name, password) => (await steps).login(name, password),
    totp: async (ticket, code) => (await steps).totp(ticket, code),
    answer: (name, input) => steps.then((s) => s.answer?.(name, input) ?? client.call(name, input as never)),
  };
}

const { client, socket } = createConsoleParts(
  self.location.origin,
  (url, init) => fetch(url, init),
  (url) => new WebSocket(url),
);
const demo = typeof __OPS_DEMO__ !== 'undefined' && __OPS_DEMO__;
Comlink.expose(createConsoleApi(client, socket, demo ? demoSteps : serverSignIn));
