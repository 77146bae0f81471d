import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundariesRule } from './infra/eslint/boundaries.ts';

const GOOGLE_CLIENTS = [
  {
    group: ['googleapis', 'googleapis/*', 'google-auth-library', 'google-auth-library/*'],
    message:
      'Only mail-accounts/providers/googleapis.adapter.ts speaks to Google; call the ports of mail-accounts/providers/google.ports.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'contracts/src/schema.d.ts',
      'frontend/test-results/**',
      'frontend/playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2024, sourceType: 'module' },
    plugins: { house: { rules: { boundaries: boundariesRule } } },
    rules: {
      'house/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['backend/**/*.ts'],
    rules: {
      // Nest reads constructor parameter types at run time; a type-only import would erase them.
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message:
                'Use Optional() of platform/http/optional.ts: IsOptional lets null past every check into the database.',
            },
          ],
          patterns: GOOGLE_CLIENTS,
        },
      ],
    },
  },
  {
    // Google is spoken to by one adapter only; everything else calls the ports of mail-accounts/providers.
    files: ['backend/src/modules/mail-accounts/providers/googleapis.adapter.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['frontend/e2e/**/*.ts'],
    // Playwright fixtures take `{}` when they need no other fixture.
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.{ts,tsx}', 'backend/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
