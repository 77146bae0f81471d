/** Native ESM jest (run with --experimental-vm-modules) with swc for TypeScript and decorator metadata. */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // The house lint rules (infra/eslint) and npm start (infra/scripts) are tested here too, by the same transform.
  roots: ['<rootDir>', '<rootDir>/../infra/eslint', '<rootDir>/../infra/scripts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts', '**/infra/eslint/*.spec.ts', '**/infra/scripts/*.spec.ts'],
  setupFiles: ['<rootDir>/test/support/setup-nest.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
