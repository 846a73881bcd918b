import type { ConnectorRecord, ExpectedInputField } from "../client";
import type { CheckedConnectorInputs, DeletionPolicy } from "./connector-inputs";
import { withoutUndefined } from "./values";

/**
 * The inputs that force a replacement, as last applied. diff compares new inputs with these rather than
 * with the server's record, which may spell them differently (an app given by id is echoed with its name).
 */
export interface AppliedIdentity {
  name: string;
  appName?: string;
  appId?: string;
  authScheme?: string;
  useServiceAuth: boolean;
}

/** A Connector's outputs: the connector record (secret-free fields as the server has them) and local state. */
export interface ConnectorOutputs {
  name: string;
  appId: string;
  appName: string;
  authScheme?: string;
  /** The applied authConfig, with refreshed visible values (see auth-config.ts). Secret. */
  authConfig?: Record<string, unknown>;
  enabled: boolean;
  useServiceAuth: boolean;
  expectedInputFields: ExpectedInputField[];
  logo?: string;
  createdAt?: string;
  updatedAt?: string;
  deleted?: boolean;
  defaultConnectorId?: string | null;
  forceNewIntegration: boolean;
  deletionPolicy: DeletionPolicy;
  lastApplied: AppliedIdentity;
}

/** What only the provider knows (never read from the server). */
export type LocalConnectorState = Pick<
  ConnectorOutputs,
  "authConfig" | "forceNewIntegration" | "deletionPolicy" | "lastApplied"
>;

export function appliedIdentity(inputs: CheckedConnectorInputs): AppliedIdentity {
  return {
    name: inputs.name,
    appName: inputs.appName,
    appId: inputs.appId,
    authScheme: inputs.authScheme,
    useServiceAuth: inputs.useServiceAuth,
  };
}

export function localStateOf(inputs: CheckedConnectorInputs): LocalConnectorState {
  return {
    authConfig: inputs.authConfig,
    forceNewIntegration: inputs.forceNewIntegration,
    deletionPolicy: inputs.deletionPolicy,
    lastApplied: appliedIdentity(inputs),
  };
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
    expectedInputFields: record.expectedInputFields,
    logo: record.logo,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    deleted: record.deleted,
    defaultConnectorId: record.defaultConnectorId,
    forceNewIntegration: local.forceNewIntegration,
    deletionPolicy: local.deletionPolicy,
    lastApplied: local.lastApplied,
  });
}
