// The active instances of a trigger
//
// Every page, up to 500 instances.
active = invoke("integrations:index:getActiveTriggers", {
  triggerNames = ["GITHUB_STAR_ADDED_EVENT"]
  maxItems     = 500
})

output instances {
  value = active
}
