/** The policy pack's rules (policy/src/rules) as pure functions of a resource's facts and the rule's config. */
import { kindOf, typesOf } from "../../policy/src/kinds";
import type { ResourceFacts } from "../../policy/src/rule";
import { allowedApps } from "../../policy/src/rules/allowed-apps";
import { allowedAuthSchemes } from "../../policy/src/rules/allowed-auth-schemes";
import { connectorName } from "../../policy/src/rules/connector-name";
import { deletionPolicy } from "../../policy/src/rules/deletion-policy";
import { httpsWebhooks } from "../../policy/src/rules/https-webhooks";
import { noServiceAuth } from "../../policy/src/rules/no-service-auth";
import { SECRETS_GIVEN_PLAIN, secretAuthConfig } from "../../policy/src/rules/secret-auth-config";
import { SECRETS_GIVEN_PLAIN as RECORDED_BY_THE_PROVIDER } from "../../src/resources/shared/secrets-given-plain";

function facts(
  kind: ResourceFacts["kind"],
  props: Record<string, unknown>,
  more: Partial<ResourceFacts> = {},
) {
  return {
    kind,
    name: "r",
    urn: `urn:pulumi:dev::p::integrations:index:${kind}::r`,
    props,
    protect: false,
    ...more,
  };
}

describe("policy rules", () => {
  it("know both front ends' types of every kind, and nothing else", () => {
    expect(typesOf("Connector")).toEqual([
      "pulumi-nodejs:dynamic/integrations:Connector",
      "integrations:index:Connector",
    ]);
    expect(kindOf("pulumi-nodejs:dynamic/integrations:TriggerWebhook")).toBe("TriggerWebhook");
    expect(kindOf("integrations:index:IntegrationState")).toBe("IntegrationState");
    expect(kindOf("integrations:index:Provider")).toBeUndefined();
    expect(kindOf("aws:s3:Bucket")).toBeUndefined();
  });

  it("allow only the configured apps and auth schemes (no list: any)", () => {
    const jira = facts("Connector", { appName: "jira", authScheme: "BASIC" });
    expect(allowedApps.check(jira, { apps: ["github"] })).toHaveLength(1);
    expect(allowedApps.check(jira, { apps: ["jira"] })).toEqual([]);
    expect(allowedApps.check(jira, {})).toEqual([]);
    expect(allowedApps.check(facts("Connector", { appId: "a1" }), { appIds: ["a2"] })).toHaveLength(1);
    expect(allowedAuthSchemes.check(jira, { authSchemes: ["OAUTH2"] })).toHaveLength(1);
    expect(allowedAuthSchemes.check(jira, { authSchemes: ["BASIC"] })).toEqual([]);
  });

  it("forbid useServiceAuth unless exempt", () => {
    const shared = facts("Connector", { useServiceAuth: true });
    expect(noServiceAuth.check(shared, {})).toHaveLength(1);
    expect(noServiceAuth.check(shared, { exempt: ["r"] })).toEqual([]);
    expect(noServiceAuth.check(facts("Connector", { useServiceAuth: false }), {})).toEqual([]);
  });

  it("take https webhooks only (plain http to the configured hosts)", () => {
    const check = (url: string, httpHosts?: string[]) =>
      httpsWebhooks.check(facts("TriggerWebhook", { url }), { httpHosts });
    expect(check("https://hooks.example.com/x")).toEqual([]);
    expect(check("http://hooks.example.com/x")).toHaveLength(1);
    expect(check("http://localhost:8080/x", ["localhost"])).toEqual([]);
    expect(check("ftp://localhost/x", ["localhost"])).toHaveLength(1);
    expect(check("not a url")).toHaveLength(1);
  });

  it("require a deletion or restore policy of the listed and the protected resources", () => {
    const connector = (props: Record<string, unknown>, more: Partial<ResourceFacts> = {}) =>
      deletionPolicy.check(facts("Connector", props, more), { resources: ["listed"] });
    expect(connector({})).toEqual([]);
    expect(connector({}, { protect: true })).toHaveLength(1);
    expect(connector({}, { name: "listed" })).toHaveLength(1);
    expect(connector({ deletionPolicy: "retain" }, { protect: true })).toEqual([]);
    expect(connector({ deletionPolicy: "delete" }, { protect: true })).toHaveLength(1);
    expect(deletionPolicy.check(facts("Connector", {}, { protect: true }), { protected: false })).toEqual([]);
    const state = (onDelete?: string) =>
      deletionPolicy.check(facts("IntegrationState", onDelete ? { onDelete } : {}, { protect: true }), {});
    expect(state()).toHaveLength(1);
    expect(state("restore")).toEqual([]);
    const webhook = (onDelete?: string) =>
      deletionPolicy.check(facts("TriggerWebhook", onDelete ? { onDelete } : {}, { protect: true }), {});
    expect(webhook()).toEqual([]);
    expect(webhook("retain")).toHaveLength(1);
  });

  it("match connector names (or the autonaming prefix) against the pattern", () => {
    const config = { pattern: "^[a-z][a-z0-9-]*$" };
    expect(connectorName.check(facts("Connector", { name: "ok-name" }), config)).toEqual([]);
    expect(connectorName.check(facts("Connector", { name: "Bad_Name" }), config)).toHaveLength(1);
    expect(connectorName.check(facts("Connector", { namePrefix: "Bad" }), config)).toHaveLength(1);
    expect(connectorName.check(facts("Connector", { name: "Bad" }), {})).toEqual([]);
  });

  it("read the record of the values given plain under the name the provider writes it", () => {
    expect(SECRETS_GIVEN_PLAIN).toBe(RECORDED_BY_THE_PROVIDER);
  });

  it("want every authConfig value a secret, but for the plain keys allowed", () => {
    const given = (paths: string[] | undefined) => ({
      authConfig: { client_id: "id", client_secret: "s", scopes: ["a"] },
      [SECRETS_GIVEN_PLAIN]: paths,
    });
    const check = (paths: string[] | undefined, config = {}) =>
      secretAuthConfig.check(facts("Connector", given(paths)), config);
    const allPlain = ["authConfig.client_id", "authConfig.client_secret", "authConfig.scopes"];
    expect(check(allPlain)).toEqual(
      allPlain.map(
        (path) =>
          `${path} is given as a plain value: give it as a secret (pulumi config set --secret, pulumi.secret)`,
      ),
    );
    expect(
      check(["authConfig.client_id", "authConfig.scopes"], { plainKeys: ["client_id", "scopes"] }),
    ).toEqual([]);
    expect(check(undefined)).toEqual([]);
    expect(check(allPlain, { keys: ["client_secret"] })).toHaveLength(1);
    const account = facts("ConnectedAccount", {
      data: { token: "t" },
      [SECRETS_GIVEN_PLAIN]: ["data.token"],
    });
    expect(secretAuthConfig.check(account, {})).toEqual([
      "data.token is given as a plain value: give it as a secret (pulumi config set --secret, pulumi.secret)",
    ]);
  });
});
