import { anyChange, compare, replacingFields } from "../shared/diff-rules";
import type { CheckedIntegrationStateInputs } from "./definition";
import type { IntegrationStateOutputs } from "./definition";
import type { DiffResult } from "../shared/types";

/** Same rules as the Connector's diff (see ../connector/diff.ts); no request is made. */
export function diffIntegrationState(
  olds: IntegrationStateOutputs,
  news: CheckedIntegrationStateInputs,
): DiffResult {
  const replaceFields = { integrationId: compare(olds.integrationId, news.integrationId) };
  const updateFields = {
    enabled: compare(olds.enabled, news.enabled),
    authConfig: compare(olds.authConfig, news.authConfig),
  };
  const recordedFields = {
    onDelete: compare(olds.onDelete, news.onDelete),
    // A rename with aliases records the new name (its claims use it); a state written before the name was
    // recorded has none, and takes it silently at the next update.
    resourceName: olds.resourceName === undefined ? "same" : compare(olds.resourceName, news.resourceName),
  };
  return {
    changes: anyChange(replaceFields, updateFields, recordedFields),
    replaces: replacingFields(replaceFields),
    // Another integration: its state can be applied before the old one is let go. The same integration
    // (a targeted `up --replace`) must be let go first, so that the new resource finds the value the old
    // one found; the IntegrationState resource sets the deleteBeforeReplace option for the engine-driven
    // case, where no diff is asked (see handlers.ts).
    deleteBeforeReplace: replaceFields.integrationId === "same",
  };
}
