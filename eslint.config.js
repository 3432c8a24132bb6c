// One lint configuration for the repo. The import boundaries of CONVENTIONS.md are enforced here:
// shared imports neither side nor Node, server and web never import each other.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';

const noImport = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['src/shared/**'],
    rules: noImport(
      [
        '**/server/**',
        '**/web/**',
        'node:*',
        'react',
        'react-dom',
        'hono',
        'hono/*',
        'better-sqlite3',
        'kysely',
        'pino',
      ],
      'src/shared is pure TypeScript used by both sides: no server, web, Node or React imports.',
    ),
  },
  {
    files: ['src/server/**'],
    rules: noImport(['**/web/**', 'react', 'react-dom'], 'The server never imports the dashboard.'),
  },
  {
    files: ['src/web/**'],
    rules: noImport(
      ['**/server/**', 'node:*', 'better-sqlite3', 'kysely', 'pino', 'hono', 'hono/*'],
      'The dashboard never imports the server or Node modules; lift shared code into src/shared.',
    ),
  },
);
