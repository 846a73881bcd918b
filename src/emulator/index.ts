/** The emulator's programmatic API (package export `pulumi-integrations/emulator`). */
export { startEmulator, generateApiKey } from "./start";
export { generateFixtures, type GenerateFixturesOptions } from "./fixtures";
export { defaultFaultSettings } from "./faults";
export { builtInCatalog, generateCatalog } from "./catalog";
export type {
  EmulatorOptions,
  FaultKind,
  FaultSettings,
  ObservedResponse,
  RequestLog,
  RequestLogEntry,
  RunningEmulator,
} from "./types";
export type { Fixtures } from "./fixtures";
export type { SecretValueMode } from "./secret-values";
export type { Catalog, CatalogApp, CatalogTrigger, AuthScheme, AuthField } from "./catalog/types";
