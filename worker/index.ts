// The worker entry: exposes the core to the UI thread. It imports only worker/ and domain/ code,
// so no UI code ends up in the worker chunk.
import * as Comlink from 'comlink';
import { createCore } from './core';

const core = createCore({ origin: self.location.origin, deferFirstVisit: true });
// Nearly every first page shows prices: ask for them now, while the page's framework still loads.
core.prefetchMarket();
Comlink.expose(core);
