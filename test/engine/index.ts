/** A Pulumi deployment engine for tests: runs real programs and the real dynamic provider, no CLI. */
export { TestStack } from "./stack";
export type { TestStackOptions } from "./stack";
export type {
  DestroyOptions,
  LogEntry,
  LogSeverity,
  OperationResult,
  ProviderCall,
  RefreshOptions,
  StackOutput,
  Step,
  StepOp,
  UpOptions,
} from "./types";
export type { Checkpoint, OperationType, PendingOperation, ResourceState } from "./state";
export { interruptedMessage } from "./operation";
export type { PropertyMap, PropertyValue } from "./properties";
export { isSecret, secretSig, specialSigKey, unknownValue, unwrapSecrets } from "./properties";
