import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import { builtinModules } from 'node:module';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';
import importPaths from './eslint/import-paths.js';

// The project's own rules, one plugin: who may import whom, and how an import names a file.
const torpedo = { rules: { ...boundaries.rules, ...importPaths.rules } };

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

// date-fns and date-fns-tz by subpath only: their root loads every function (2 s and 330 MB
// in each process, thread and test worker that touched it: issue 34's import regression).
const dateFnsRoots = [
  ...['date-fns', 'date-fns-tz'].map((name) => ({
    name,
    message: `Import from ${name}/<function> (e.g. ${name}/format): the root loads all of ${name}.`,
  })),
  {
    name: 'date-fns-tz/formatInTimeZone',
    message:
      "Use shared/dates/zoned-clock.ts's formatInTimeZone (the one clock, on Intl): date-fns-tz's loads all of date-fns's format, about a second of every CLI start.",
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    // TypeScript already checks undefined names; core ESLint's no-undef does not know DOM types in SFCs.
    rules: { 'no-undef': 'off' },
  },
  // Build scripts and config files run under Node.
  {
    files: ['scripts/**', '*.config.{js,ts,mjs}', 'electron.vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
    },
  },
  // Who may import whom (eslint/boundaries.js): the core, the sandbox, the stores, the domains.
  // How an import names a file (eslint/import-paths.js): aliases out of a renderer area, none in Node code.
  { plugins: { torpedo } },
  {
    files: ['src/**/*.{ts,vue}'],
    rules: { 'torpedo/boundaries': 'error', 'torpedo/import-paths': 'error' },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'torpedo/import-paths': 'error' },
  },
  // The core, the shared contract, the sandbox, the CLI and Torpedo Server run under plain Node:
  // an electron import there would make them untestable here and break the CLI.
  {
    files: ['src/core/**', 'src/shared/**', 'src/sandbox/**', 'src/cli/**', 'src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src/main and src/preload may import electron.' },
            ...dateFnsRoots,
          ],
        },
      ],
    },
  },
  // The shared contract is imported by the renderer too: no Node there either.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'Only src/main and src/preload may import electron.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'src/shared runs in the renderer too.' })),
            ...dateFnsRoots,
          ],
        },
      ],
    },
  },
  // The renderer only renders: no Node, no core, no electron.
  {
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to main only through window.torpedo.' },
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'The renderer is sandboxed: no Node built-ins.',
            })),
            ...dateFnsRoots,
          ],
          patterns: [
            {
              group: ['**/core/**', '**/sandbox/**', '**/main/**', '@core', '@core/**'],
              message: 'The renderer reaches the core only through api.ts.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
