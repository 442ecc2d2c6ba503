import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import boundaries from 'eslint-plugin-boundaries';

/**
 * Imports flow one way: app (and main.tsx) → features → entities → shared (lib, components/ui, i18n).
 * A feature never imports another feature: what two features share (a cache entry, the session)
 * lives in entities/. The mock backend is its own world: it may use the API client's types and
 * schemas, and the app reaches it only through a dynamic import (a chunk production never loads).
 */
const layers = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    'boundaries/elements': [
      { type: 'app', pattern: 'src/app', partialMatch: false },
      { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
      { type: 'entity', pattern: 'src/entities/*', capture: ['entity'], partialMatch: false },
      { type: 'shared', pattern: ['src/lib', 'src/components', 'src/i18n'], partialMatch: false },
      { type: 'mocks', pattern: 'src/mocks', partialMatch: false },
      // Whatever sits directly in src/: the entry point, main.tsx.
      { type: 'main', pattern: 'src', partialMatch: false },
    ],
  },
  rules: {
    // Dependencies inside one element (one feature, one entity, lib itself) are not checked.
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        policies: [
          { from: { element: { type: ['main', 'app'] } }, allow: { to: { element: { type: ['app', 'feature', 'entity', 'shared'] } } } },
          {
            from: { element: { type: ['main', 'app'] } },
            allow: { to: { element: { type: 'mocks' } }, dependency: { nodeKind: 'dynamic-import' } },
          },
          { from: { element: { type: 'feature' } }, allow: { to: { element: { type: ['entity', 'shared'] } } } },
          { from: { element: { type: 'entity' } }, allow: { to: { element: { type: 'shared' } } } },
          // The account entity is every per-account store's home (whose data, "is this mine"): the one
          // entity the others may read.
          { from: { element: { type: 'entity' } }, allow: { to: { element: { type: 'entity', captured: { entity: 'account' } } } } },
          { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
          { from: { element: { type: 'mocks' } }, allow: { to: { element: { type: 'shared', fileInternalPath: 'api/**' } } } },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'dist-preview', 'dist-floor', 'coverage', 'public/mockServiceWorker.js', 'bench-results', 'test-results', 'playwright-report'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...pluginQuery.configs['flat/recommended'][0].rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  layers,
  {
    // Every zod module lives in the core chunk (vite.config.ts), so a schema kind that only a page
    // loaded later uses still lands in the feed's first load: the app keeps to the kinds it already
    // uses (zod's record was 0.6 KB gzip of it; its union, boolean, unknown, loose object and length
    // checks 0.7 KB: src/lib/schema-kinds.ts builds those from the custom check).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/mocks/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['record', 'union', 'xor', 'boolean', 'unknown', 'nullable', 'looseObject', 'minLength', 'maxLength', 'length', 'partialRecord', 'looseRecord', 'map', 'set', 'tuple', 'intersection', 'discriminatedUnion', 'enum', 'literal', 'strictObject', 'lazy', 'promise', 'date', 'bigint', 'templateLiteral', 'file'].map(
          (property) => ({ object: 'z', property, message: 'A zod schema kind the app does not use: it would grow the feed\'s first load (eslint.config.js; src/lib/schema-kinds.ts has boolean, anyArray, anyObject, scalar (null too) and length).' }),
        ),
      ],
      // The later catalog's onDemand text is read with laterText (i18n.ts), which says when it is not
      // here yet: through t() a first screen would show the message's number.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='t'] > Literal.arguments:first-child[value=/^onDemand\\./]",
          message: 'onDemand text may not be loaded yet: read it with laterText() (src/i18n/i18n.ts) and say what stands in.',
        },
      ],
      // React Router is in the core chunk too: its search-params hook was 0.3 KB gzip of every first
      // load for one read of `?next=` (app/routes/sign-in.tsx reads the location's query instead); the
      // data router is 16 KB more than the declarative one (app/router.tsx).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['useSearchParams', 'createSearchParams', 'createHashRouter', 'createBrowserRouter', 'RouterProvider'],
              message: 'Grows the feed\'s first load (eslint.config.js): read useLocation().search, keep the declarative HashRouter.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test's query client must be cleared when the test ends: a read it leaves paused holds a slot
    // of the feed scan's one limiter (module state) and stalls later tests' feeds.
    files: ['test/**/*.{ts,tsx}'],
    ignores: ['test/e2e/**', 'test/support/query-client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='QueryClient']", message: 'Use testQueryClient() (test/support/query-client.ts): it clears the client when the test ends.' },
      ],
    },
  },
  {
    // Playwright's fixtures hand a value on with a function named `use`: not React's hook.
    files: ['test/e2e/**/*.ts', 'playwright.config.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
  },
);
