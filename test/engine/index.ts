/** A Pulumi deployment engine for tests: runs real programs and the real dynamic provider, no CLI. */
export { TestStack } from "./stack";
export type { TestStackOptions } from "./stack";
export type { LogEntry, LogSeverity, OperationResult, StackOutput, Step, StepOp } from "./types";
export type { Checkpoint, ResourceState } from "./state";
export type { PropertyMap, PropertyValue } from "./properties";
export { isSecret, secretSig, specialSigKey, unknownValue, unwrapSecrets } from "./properties";
