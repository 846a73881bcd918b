/** Tests are transpiled only; `npm run typecheck` type-checks them (faster and one place for type errors). */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  // The examples' own helpers (the triggers-as-code receiver) import the package as users do.
  moduleNameMapper: { "^pulumi-integrations$": "<rootDir>/src/index.ts" },
  // One stage folder per run for the packed package and the staged programs (test/support/packed-package.ts).
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  globalTeardown: "<rootDir>/test/support/global-teardown.ts",
  testTimeout: 30000,
  // Three on a 2-core machine: most end-to-end time is spent waiting on processes (the CLI, plugins, language
  // hosts) talking to each other, so a third worker fills the gaps (measured: Jest 717 s where two took 818 s).
  maxWorkers: 3,
};
