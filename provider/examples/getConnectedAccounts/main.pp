// The connected accounts of the account
//
// The first 50 accounts end users connected, without their credentials (give `integrationId` for those of one
// connector).
connected = invoke("integrations:index:getConnectedAccounts", {
  maxItems = 50
})

output accounts {
  value = connected
}
