/** The operations the emulator shares with the service's published document (method, OpenAPI path). */
export const SHARED_OPERATIONS: { method: string; path: string }[] = [
  { method: "get", path: "/api/v1/apps" },
  { method: "post", path: "/api/v1/integrations" },
  { method: "get", path: "/api/v1/integrations" },
  { method: "get", path: "/api/v1/integrations/{integrationId}" },
  { method: "patch", path: "/api/v1/integrations/{integrationId}" },
  { method: "delete", path: "/api/v1/integrations/{integrationId}" },
  { method: "get", path: "/api/v1/triggers" },
  { method: "post", path: "/api/v1/triggers/enable/{connectedAccountId}/{triggerName}" },
  { method: "get", path: "/api/v1/triggers/active_triggers" },
  { method: "get", path: "/api/v1/triggers/logs" },
  { method: "post", path: "/api/v1/connectedAccounts" },
  { method: "get", path: "/api/v1/connectedAccounts" },
];
