// Import boundaries of DESIGN.md are enforced here (and by TS project references):
// src → domain, worker (types only); worker → domain; server → domain; domain → nothing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { archPlugin } from './scripts/arch/eslint-area-faces.js';

const layer = (name) => [`**/${name}/**`, `../${name}/*`, `../../${name}/*`, `../../../${name}/*`];
const restrict = (message, ...layers) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: layers.map((l) => ({ group: layer(l), message })) },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-ops', 'data', '.tsbuild', 'public', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('server'), message: 'src/ must not import server/.' },
            {
              group: layer('worker'),
              message: 'src/ may import worker/ types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The worker core owns the network.' },
        { name: 'WebSocket', message: 'The worker core owns the socket.' },
      ],
    },
  },
  { files: ['worker/**/*.ts'], rules: restrict('worker/ may import domain/ only.', 'src', 'server', 'sw') },
  // The operator console (issue 26): its page imports domain/, its own worker's types and the app's
  // design tokens (CSS); its worker imports domain/ only. Nothing of the app imports the console.
  {
    files: ['console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: layer('server'), message: 'console/ must not import server/.' },
            { group: layer('worker'), message: 'The console uses its own worker (console/worker).' },
            {
              group: ['../../../src/*', '!../../../src/styles'],
              message: 'console/ takes only the app tokens.',
            },
            {
              group: ['**/console/worker/**', '../worker/*', '../../worker/*', '../../../worker/*'],
              message: 'console/src may import console/worker types only.',
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The console worker owns the network.' },
        { name: 'WebSocket', message: 'The console worker owns the socket.' },
      ],
    },
  },
  {
    files: ['console/worker/**/*.ts'],
    rules: restrict('console/worker may import domain/ only.', 'src', 'server', 'sw'),
  },
  {
    files: ['src/**/*.{ts,tsx}', 'worker/**/*.ts', 'sw/**/*.ts', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: layer('console'), message: 'No console code in the app or the server.' }] },
      ],
    },
  },
  { files: ['server/**/*.ts'], rules: restrict('server/ may import domain/ only.', 'src', 'worker', 'sw') },
  // One face per area (issue 24): another area is imported through its index.ts or module.ts only,
  // in every tier with areas (server/, worker/, src/pages/), from anywhere in the code (src/routes
  // too). The route table's lazy page loaders are the one allowance (scripts/arch/eslint-area-faces.js).
  {
    files: ['server/**/*.ts', 'worker/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { arch: archPlugin },
    rules: { 'arch/area-faces': ['error', { tiers: ['server', 'worker', 'src/pages'] }] },
  },
  {
    files: ['domain/**/*.ts'],
    rules: restrict('domain/ imports nothing of ours.', 'src', 'worker', 'server', 'sw'),
  },
  { files: ['sw/**/*.ts'], rules: restrict('sw/ stands alone.', 'src', 'worker', 'server') },
  {
    files: ['*.config.{js,mjs,ts}', 'vite.config.ts', 'vite.ops.config.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
