// Pulumi resources for the connectors (integrations) of the Trigger and Integration Management API, with a local emulator of that API.
package integrations
