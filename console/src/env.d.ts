/// <reference types="vite/client" />

/** True only in the development build of the console (VITE_OPS_DEMO=1): the demo sign-in. */
declare const __OPS_DEMO__: boolean;
