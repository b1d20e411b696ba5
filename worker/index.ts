// The worker entry: exposes the core to the UI thread. It imports only worker/ and domain/ code,
// so no UI code ends up in the worker chunk.
import * as Comlink from 'comlink';
import { createCore } from './core';

Comlink.expose(createCore({ origin: self.location.origin, deferFirstVisit: true }));
