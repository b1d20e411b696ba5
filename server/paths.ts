import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (the directory holding package.json), however the server was started. */
export const ROOT_DIR = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
/** Where the UI keeps its translations; the server reads `<lang>/errors.json` from here. */
export const LOCALES_DIR = path.join(ROOT_DIR, 'locales');
