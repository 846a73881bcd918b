import type { TenantStore } from "./store";

/**
 * The serialized answers of GET /api/v1/triggers, per tenant and filter. A catalog answer is large (50 KB
 * for the built-in catalog, megabytes for a generated one) and the same until the tenant's data changes
 * (a trigger fires, a connector or account appears, which the filters and counts read), so building and
 * serializing it per request cost most of the route's time. An answer is reused while the tenant's
 * `version` is the one it was built at; at most MAX_ANSWERS_PER_TENANT filters are kept, oldest dropped.
 */
const MAX_ANSWERS_PER_TENANT = 64;

interface TenantAnswers {
  version: number;
  byFilter: Map<string, string>;
}

export class CatalogAnswerCache {
  readonly #tenants = new WeakMap<TenantStore, TenantAnswers>();

  /** The JSON text of the answer for `filterKey`, built by `build` when not cached for this version. */
  answer(tenant: TenantStore, filterKey: string, build: () => unknown): string {
    let answers = this.#tenants.get(tenant);
    if (!answers || answers.version !== tenant.version) {
      answers = { version: tenant.version, byFilter: new Map() };
      this.#tenants.set(tenant, answers);
    }
    let text = answers.byFilter.get(filterKey);
    if (text === undefined) {
      text = JSON.stringify(build());
      if (answers.byFilter.size >= MAX_ANSWERS_PER_TENANT) {
        const oldest = answers.byFilter.keys().next().value;
        if (oldest !== undefined) answers.byFilter.delete(oldest);
      }
      answers.byFilter.set(filterKey, text);
    }
    return text;
  }
}
