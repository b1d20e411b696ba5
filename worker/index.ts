// The worker entry: exposes the core to the UI thread. It imports only worker/ and domain/ code,
// so no UI code ends up in the worker chunk.
import * as Comlink from 'comlink';
import { createCore } from './core';
import { queryOfWorkerName, routeOfWorkerName } from './landing-reads';

const core = createCore({ origin: self.location.origin, deferFirstVisit: true });
// Nearly every first page shows prices: ask for them now, while the page's framework still loads,
// with the terms of the page the worker was started for (the page's route is in its name).
core.prefetchMarket(routeOfWorkerName(self.name), queryOfWorkerName(self.name));
Comlink.expose(core);
