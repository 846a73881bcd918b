// The newest trigger log entries
//
// The 20 newest entries of the account's trigger deliveries (give `connectionId` or `integrationId` for those
// of one connected account or connector).
recent = invoke("integrations:index:getTriggerLogs", {
  maxItems = 20
})

output logs {
  value = recent
}
