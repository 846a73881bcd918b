/** Every route of the emulator with a concrete path, for tests that sweep them all. */
export const API_ROUTES: { method: string; pattern: string; path: string }[] = [
  { method: "GET", pattern: "/api/v1/apps", path: "/api/v1/apps" },
  { method: "GET", pattern: "/api/v1/triggers", path: "/api/v1/triggers" },
  { method: "POST", pattern: "/api/v1/integrations", path: "/api/v1/integrations" },
  { method: "GET", pattern: "/api/v1/integrations", path: "/api/v1/integrations" },
  { method: "GET", pattern: "/api/v1/integrations/:integrationId", path: "/api/v1/integrations/some-id" },
  { method: "PATCH", pattern: "/api/v1/integrations/:integrationId", path: "/api/v1/integrations/some-id" },
  { method: "DELETE", pattern: "/api/v1/integrations/:integrationId", path: "/api/v1/integrations/some-id" },
  { method: "GET", pattern: "/api/v1/triggers/active_triggers", path: "/api/v1/triggers/active_triggers" },
  { method: "GET", pattern: "/api/v1/triggers/logs", path: "/api/v1/triggers/logs" },
  { method: "POST", pattern: "/api/v1/connectedAccounts", path: "/api/v1/connectedAccounts" },
  { method: "GET", pattern: "/api/v1/connectedAccounts", path: "/api/v1/connectedAccounts" },
  {
    method: "POST",
    pattern: "/api/v1/triggers/enable/:connectedAccountId/:triggerName",
    path: "/api/v1/triggers/enable/acc/GITHUB_STAR_ADDED_EVENT",
  },
  {
    method: "PATCH",
    pattern: "/api/v1/triggers/instance/:triggerId/status",
    path: "/api/v1/triggers/instance/some-id/status",
  },
  {
    method: "POST",
    pattern: "/api/v1/triggers/disable/:triggerInstanceId",
    path: "/api/v1/triggers/disable/some-id",
  },
  {
    method: "DELETE",
    pattern: "/api/v1/triggers/instance/:triggerInstanceId",
    path: "/api/v1/triggers/instance/some-id",
  },
  { method: "POST", pattern: "/api/v1/triggers/set_callback_url", path: "/api/v1/triggers/set_callback_url" },
  { method: "GET", pattern: "/api/v1/triggers/callback_url", path: "/api/v1/triggers/callback_url" },
  { method: "GET", pattern: "/api/v1/client/auth/client_info", path: "/api/v1/client/auth/client_info" },
  {
    method: "GET",
    pattern: "/api/v1/connectedAccounts/:connectedAccountId",
    path: "/api/v1/connectedAccounts/some-id",
  },
  {
    method: "DELETE",
    pattern: "/api/v1/connectedAccounts/:connectedAccountId",
    path: "/api/v1/connectedAccounts/some-id",
  },
];

export const EMULATOR_ROUTES: { method: string; path: string }[] = [
  { method: "GET", path: "/_emulator/faults" },
  { method: "PUT", path: "/_emulator/faults" },
  { method: "DELETE", path: "/_emulator/faults" },
  { method: "GET", path: "/_emulator/requests" },
  { method: "DELETE", path: "/_emulator/requests" },
  { method: "POST", path: "/_emulator/trigger-instances/some-id/fire" },
];
