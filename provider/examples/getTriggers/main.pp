// The triggers of some apps
//
// Each trigger's name (a TriggerInstance's `triggerName`) and the config schema an instance of it must meet.
available = invoke("integrations:index:getTriggers", {
  appNames = ["github", "slack"]
})

output triggers {
  value = available
}
