// One lint configuration for the repo. The import boundaries of CONVENTIONS.md are enforced here:
// shared imports neither side nor Node, server and web never import each other, inside the
// dashboard api ← ui ← features ← app, with no feature importing another, and inside the server
// zones ← store ← dns ← http (the DNS server and the store never reach for HTTP code).
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';

const webRoot = path.resolve(import.meta.dirname, 'src/web');

/** The layer of a file inside src/web: api, ui, app, test, features/<name>; null outside. */
function webLayer(file) {
  const rel = path.relative(webRoot, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'features' && second) return `features/${second}`;
  return top.includes('.') ? 'app' : top; // main.tsx sits with the app
}

// What each layer must not import (the layers below it are fine).
const FORBIDDEN = {
  api: ['ui', 'features', 'app'],
  ui: ['features', 'app'],
  feature: ['app'],
};

/** Local rule: import boundaries inside src/web, resolved from relative paths. */
const webLayers = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Inside src/web: api ← ui ← features ← app; features do not import each other',
    },
    schema: [],
  },
  create(context) {
    const from = webLayer(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = webLayer(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to === from || to === 'test') return;
      const fromKind = from.startsWith('features/') ? 'feature' : from;
      const toKind = to.startsWith('features/') ? 'features' : to;
      const banned = FORBIDDEN[fromKind] ?? [];
      let message = null;
      if (banned.includes(toKind))
        message = `${from} must not import from ${to} (api ← ui ← features ← app).`;
      else if (fromKind === 'feature' && toKind === 'features')
        message = `${from} must not import ${to}: features do not import each other; lift shared code into ui or api.`;
      if (message) context.report({ node: source, message });
    };
    return importVisitors(check);
  },
};

/** Every place a module names another: static and dynamic imports, re-exports. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source),
    ImportExpression: (node) => check(node.source),
    ExportNamedDeclaration: (node) => check(node.source),
    ExportAllDeclaration: (node) => check(node.source),
  };
}

const serverRoot = path.resolve(import.meta.dirname, 'src/server');

/** The folder of a file inside src/server (dns, store, http, ...), 'entry' for the modules that
 * assemble the service, 'root' for the other top-level modules; null outside src/server. */
function serverLayer(file) {
  const rel = path.relative(serverRoot, file.replace(/\.[cm]?[jt]sx?$/, ''));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, below] = rel.split(path.sep);
  if (below) return top;
  return ['server', 'main', 'bootstrap'].includes(top) ? 'entry' : 'root';
}

// What each folder must not import. zones ← store ← dns ← http, so no cycle between them; only
// the entry modules and the operator commands (cli) assemble the whole service.
const SERVER_FORBIDDEN = {
  zones: ['store', 'dns', 'http', 'cli', 'entry'],
  store: ['dns', 'http', 'cli', 'entry'],
  dns: ['http', 'cli', 'entry'],
  http: ['cli', 'entry'],
};

/** Local rule: import boundaries between the folders of src/server. */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Inside src/server: zones ← store ← dns ← http' },
    schema: [],
  },
  create(context) {
    const from = serverLayer(context.filename);
    const banned = SERVER_FORBIDDEN[from] ?? [];
    if (!banned.length) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = serverLayer(path.resolve(path.dirname(context.filename), source.value));
      if (to && banned.includes(to))
        context.report({
          node: source,
          message: `src/server/${from} must not import ${to === 'entry' ? 'the service entry modules' : `src/server/${to}`} (zones ← store ← dns ← http).`,
        });
    };
    return importVisitors(check);
  },
};

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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { zonedeck: { rules: { 'web-layers': webLayers, 'server-layers': serverLayers } } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'zonedeck/web-layers': 'error' },
  },
  {
    // Tests may cross the folders: they start the whole service, or compare two layers' answers.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**'],
    rules: { 'zonedeck/server-layers': 'error' },
  },
  {
    files: ['src/web/**'],
    rules: noImport(
      ['**/server/**', 'node:*', 'better-sqlite3', 'kysely', 'pino', 'hono', 'hono/*'],
      'The dashboard never imports the server or Node modules; lift shared code into src/shared.',
    ),
  },
);
