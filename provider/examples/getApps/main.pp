// The catalog
//
// Every app, with the auth schemes a connector of it can use.
catalog = invoke("integrations:index:getApps", {})

output apps {
  value = catalog
}
