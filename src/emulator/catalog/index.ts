export type { AuthField, AuthScheme, Catalog, CatalogApp, CatalogTrigger } from "./types";
export { accountFields, connectorFields } from "./types";
export { builtInCatalog } from "./built-in";
export { generateCatalog } from "./synthetic";
