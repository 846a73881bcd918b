import { z } from "zod";
import type { ConnectorRecord } from "../../client";
import {
  connectorDefinition,
  PROPOSED_NAME,
  type AppliedIdentity,
  type CheckedConnectorInputs,
  type ConnectorOutputs,
} from "./definition";
import { withoutUndefined } from "../shared/values";

/** What only the provider knows (never read from the server). */
export type LocalConnectorState = Pick<
  ConnectorOutputs,
  | "authConfig"
  | "forceNewIntegration"
  | "deletionPolicy"
  | "namePrefix"
  | "adoptId"
  | "lastApplied"
  | typeof PROPOSED_NAME
>;

/** What was applied: the inputs, with the name the connector has (an autonamed one's comes from its create). */
export function appliedIdentity(inputs: CheckedConnectorInputs, name: string): AppliedIdentity {
  return {
    name,
    appName: inputs.appName,
    appId: inputs.appId,
    authScheme: inputs.authScheme,
    useServiceAuth: inputs.useServiceAuth,
  };
}

export function localStateOf(inputs: CheckedConnectorInputs, name: string): LocalConnectorState {
  return {
    authConfig: inputs.authConfig,
    forceNewIntegration: inputs.forceNewIntegration,
    deletionPolicy: inputs.deletionPolicy,
    namePrefix: inputs.namePrefix,
    adoptId: inputs.adoptId,
    lastApplied: appliedIdentity(inputs, name),
    [PROPOSED_NAME]: inputs[PROPOSED_NAME],
  };
}

/**
 * The inputs as the outputs now stand: what `read` hands back for the engine to store as the resource's
 * inputs after a refresh. An input under `ignoreChanges` is then taken from these, so an out-of-band change
 * that a refresh found stays, as Terraform's `ignore_changes` keeps it; the rest of a later diff compares
 * with the outputs anyway.
 */
export function inputsOf(outputs: ConnectorOutputs): CheckedConnectorInputs {
  const applied = outputs.lastApplied ?? outputs;
  return withoutUndefined({
    // An autoname is an output: the inputs keep only its prefix, as the program gives them.
    name: outputs.namePrefix === undefined ? applied.name : undefined,
    namePrefix: outputs.namePrefix,
    adoptId: outputs.adoptId,
    appName: applied.appId === undefined ? applied.appName : undefined,
    appId: applied.appId,
    authScheme: applied.authScheme,
    authConfig: outputs.authConfig,
    enabled: outputs.enabled,
    useServiceAuth: applied.useServiceAuth,
    forceNewIntegration: outputs.forceNewIntegration,
    deletionPolicy: outputs.deletionPolicy,
    [PROPOSED_NAME]: outputs[PROPOSED_NAME],
  });
}

const OUTPUT_KEYS = new Set(Object.keys(connectorDefinition.outputs));

/**
 * The outputs this version stores, out of state any version wrote: what an earlier version stored and this
 * one no longer does (the catalog's `logo` and `expectedInputFields`) goes at the next update.
 */
export function currentOutputs(outputs: ConnectorOutputs): ConnectorOutputs {
  return Object.fromEntries(
    Object.entries(outputs).filter(([key]) => OUTPUT_KEYS.has(key)),
  ) as ConnectorOutputs;
}

/** Only the record's known fields are kept: an extra field a server adds might hold anything. */
export function connectorOutputs(record: ConnectorRecord, local: LocalConnectorState): ConnectorOutputs {
  return withoutUndefined({
    name: record.name,
    appId: record.appId,
    appName: record.appName,
    authScheme: record.authScheme,
    authConfig: local.authConfig,
    enabled: record.enabled,
    // Informational on the wire (TOLERANCE.md): a server that does not say keeps what was applied.
    useServiceAuth: record.useServiceAuth ?? local.lastApplied.useServiceAuth,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    deleted: record.deleted,
    defaultConnectorId: record.defaultConnectorId,
    forceNewIntegration: local.forceNewIntegration,
    deletionPolicy: local.deletionPolicy,
    namePrefix: local.namePrefix,
    adoptId: local.adoptId,
    lastApplied: local.lastApplied,
    [PROPOSED_NAME]: local[PROPOSED_NAME],
  });
}

const localDefaults = z
  .object(connectorDefinition.inputs)
  .pick({ forceNewIntegration: true, deletionPolicy: true, useServiceAuth: true });

/**
 * The local state of a connector imported by id: the inputs' defaults (forceNewIntegration, deletionPolicy),
 * and as the last applied identity the record's name, app (by name, as a program usually gives it), scheme
 * and built-in-auth flag. authConfig is left unmanaged: the service never shows its secret values, so the
 * program gives it and the first update applies it.
 */
export function importedStateOf(record: ConnectorRecord): LocalConnectorState {
  const defaults = localDefaults.parse({});
  return {
    authConfig: undefined,
    forceNewIntegration: defaults.forceNewIntegration,
    deletionPolicy: defaults.deletionPolicy,
    lastApplied: {
      name: record.name,
      appName: record.appName,
      authScheme: record.authScheme,
      useServiceAuth: record.useServiceAuth ?? defaults.useServiceAuth,
    },
  };
}
