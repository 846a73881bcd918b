import type { ApiClient, ExpectedInputField } from "../../client";
import { Remembered } from "../../client/remembered";
import { getUnlessGone } from "../shared/gone";
import type { CheckFailure } from "../shared/types";
import { isUnknown } from "../shared/unknowns";

/**
 * Names, at check, the per-account fields a ConnectedAccount's `data` lacks: the required
 * `expectedInputFields` of its connector (an API key, a token, a shop), which the service wants from each
 * account and answers with a 400 only at create, after the rest of the stack has moved on.
 *
 * Why check, reading the connector: the fields are the connector's (its scheme's per-account fields, as
 * the service reports them), so only the connector knows them, and check is the call that runs for every
 * resource at preview, with a named failure that stops the update before anything is created. One read
 * per connector per tenant and provider process, however many accounts it has.
 *
 * Safe when the connector is not known yet: an `integrationId` the preview does not know (a connector made
 * in the same update) passes, and `up` checks again with the id before it creates the account. A connector
 * that is gone is left to create, which reports it; a `data` not known yet passes, and a key whose value
 * is not known yet counts as given.
 */
export class AccountFieldRules {
  readonly #fields = new Remembered<ExpectedInputField[] | undefined>();

  async failures(client: ApiClient, integrationId: string, data: unknown): Promise<CheckFailure[]> {
    if (isUnknown(integrationId) || isUnknown(data)) return [];
    const fields = await this.#fieldsOf(client, integrationId);
    if (fields === undefined) return [];
    const given = (data ?? {}) as Record<string, unknown>;
    const missing = fields
      .filter((field) => field.required === true && field.expected_from_customer !== false)
      .map((field) => field.name)
      .filter((name) => given[name] === undefined || given[name] === null || given[name] === "");
    const expected = fields.map((field) => field.name).join(", ");
    return missing.map((name) => ({
      property: `data.${name}`,
      reason:
        `is required: connector ${integrationId} expects it of each account ` +
        `(its expectedInputFields: ${expected}); give it in data, e.g. config.requireSecret(...)`,
    }));
  }

  #fieldsOf(client: ApiClient, integrationId: string): Promise<ExpectedInputField[] | undefined> {
    return this.#fields.get(`${client.identity} ${integrationId}`, async () => {
      const record = await getUnlessGone(client, integrationId);
      return record?.expectedInputFields;
    });
  }
}
