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
  // infra/ (lint rules, npm start, the bench tools, docker-compose) is tested here too, by the same transform.
  // So are the rules package's specs; its source is what the tests import (its "job-casting-source" export), not its build.
  roots: ['<rootDir>', '<rootDir>/../infra', '<rootDir>/../rules'],
  testMatch: [
    '<rootDir>/src/**/*.spec.ts',
    '<rootDir>/test/**/*.e2e-spec.ts',
    '**/infra/*/*.spec.ts',
    '**/rules/src/*.spec.ts',
  ],
  testEnvironmentOptions: { customExportConditions: ['job-casting-source', 'node', 'node-addons'] },
  setupFiles: ['<rootDir>/test/support/setup-nest.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
