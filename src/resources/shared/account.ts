import type { ApiClient } from "../../client";
import { Remembered } from "../../client/remembered";

/**
 * The account (`client.id`) a client's key reaches: asked once per key and process (one provider process serves
 * one deployment, and a key's account does not change under it). A failed ask is asked again next time.
 */
const accounts = new Remembered<string>();

export function accountOf(client: ApiClient): Promise<string> {
  return accounts.get(client.identity, () => client.getAccountId());
}
