import { builtInCatalog } from "./built-in";
import type { Catalog, CatalogTrigger } from "./types";

/**
 * A catalog of `triggerCount` triggers for load tests: the built-in apps, and copies of the built-in triggers
 * dealt round-robin over those apps, each with a unique numbered name. Deterministic: the same count always
 * gives the same catalog. The copies share their config and payload objects with the built-in triggers.
 */
export function generateCatalog(triggerCount: number): Catalog {
  if (!Number.isInteger(triggerCount) || triggerCount < 0) {
    throw new RangeError(`triggerCount must be a non-negative integer, got ${triggerCount}`);
  }
  const { apps } = builtInCatalog;
  const templatesByApp = apps.map((app) => builtInCatalog.triggers.filter((t) => t.appKey === app.key));
  const digits = String(triggerCount).length;
  const triggers: CatalogTrigger[] = [];
  for (let i = 0; i < triggerCount; i++) {
    const templates = templatesByApp[i % apps.length];
    const template = templates[Math.floor(i / apps.length) % templates.length];
    const serial = String(i + 1).padStart(digits, "0");
    triggers.push({
      ...template,
      name: `${template.name}_${serial}`,
      display_name: `${template.display_name} #${serial}`,
    });
  }
  return { apps, triggers };
}
