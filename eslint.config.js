import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Decision 083: scripts the service worker loads as they are (importScripts).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    // Decision 011: paths live in the contract; the web and the routes call endpoints by name.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/modules/**/*.routes.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(api|auth|workspaces|billing)(\\/|$)/]',
          message: 'Call the endpoint by name (packages/shared/src/api.ts), not by path.',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(api|auth|workspaces|billing)(\\/|$)/]',
          message: 'Call the endpoint by name (packages/shared/src/api.ts), not by path.',
        },
      ],
    },
  },
  {
    // Issue 27: small functions in the server's modules (a command is a handler, not a closure).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  ...serverModuleImportRules(),
);

/**
 * STYLE: routes → service → repository, and modules meet at their services (decision 010).
 * One rule entry per file set, since a later `no-restricted-imports` replaces an earlier one.
 */
function serverModuleImportRules() {
  const foreignRepository = {
    group: ['../*/*.repository', '../*/*.repository.ts'],
    message: "Call the other module's service; its repository is private.",
  };
  const kysely = { group: ['kysely'], message: 'Only repositories import Kysely.' };
  return [
    {
      files: ['apps/server/src/modules/**/*.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [foreignRepository, kysely] }] },
    },
    {
      files: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [foreignRepository] }] },
    },
  ];
}
