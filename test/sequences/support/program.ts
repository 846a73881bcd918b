/**
 * The program a sequence deploys, as data: which of the five resource kinds it holds, under which logical
 * names and parents, through which provider, with which aliases. Rendered as a Pulumi YAML program on the
 * provider plugin, or as the spec file the TypeScript program on the dynamic provider reads
 * (test/sequences/programs/dynamic/index.ts). Both hold all five kinds: a connector with a connected account
 * and a trigger instance on it (the chain), the account's TriggerWebhook, and an IntegrationState on an
 * integration made outside the stack. On the plugin it also declares what the stack adopted (`pulumi import`
 * of objects made by hand), as the import's generated YAML declared them.
 */

/** The chain moves as one: its account and instance depend on the connector. */
export type Group = "chain" | "webhook" | "state";
export const GROUPS: readonly Group[] = ["chain", "webhook", "state"];

/** The default provider (the environment's settings), or one of two explicit providers of the same account. */
export type ProviderChoice = "default" | "p1" | "p2";
export const PROVIDERS: readonly ProviderChoice[] = ["default", "p1", "p2"];

export interface Placement {
  /** The suffix of its logical names: a rename changes it. */
  generation: number;
  /** Inside the component (`group`): dynamic programs only, YAML declares no component. */
  inComponent: boolean;
  provider: ProviderChoice;
  /** The logical names (and parent) it had before, given as aliases. */
  aliases: { generation: number; inComponent: boolean }[];
}

/**
 * An object made by hand in the stack's account and adopted (`pulumi import`, then declared): the resource the
 * import's generated YAML declares, under its variable, with the inputs the import recorded (a reference to
 * another adopted resource stays one: `${variable}` or `${variable.id}`).
 */
export interface Adopted {
  kind: string;
  /** The key of the YAML program's `resources:` map (the import file's `name`). */
  variable: string;
  /** The logical name (the import file's `logicalName`: the object's name). */
  logicalName: string;
  properties: Record<string, unknown>;
}

export interface ProgramSpec {
  present: Record<Group, boolean>;
  placement: Record<Group, Placement>;
  /** The TriggerWebhook's URL: a change is an update. */
  webhookUrl: string;
  /** The IntegrationState's enabled flag (the integration made outside the stack starts enabled). */
  stateEnabled: boolean;
  /** The account's token from plain config rather than a secret: the provider keeps it secret either way. */
  tokenGivenPlain: boolean;
  /** Objects adopted into the stack, in the order they were (plugin only: a dynamic resource is never imported). */
  adopted: Adopted[];
}

export function initialSpec(): ProgramSpec {
  const placed = (): Placement => ({ generation: 0, inComponent: false, provider: "default", aliases: [] });
  return {
    present: { chain: true, webhook: true, state: true },
    placement: { chain: placed(), webhook: placed(), state: placed() },
    webhookUrl: "https://hooks.example/seq/0",
    stateEnabled: false,
    tokenGivenPlain: false,
    adopted: [],
  };
}

/** A program that declares none of the kinds: the second stack's before anything is moved there. */
export function emptySpec(): ProgramSpec {
  const spec = initialSpec();
  spec.present = { chain: false, webhook: false, state: false };
  return spec;
}

/** The logical names of a group's resources at a generation. */
export function namesOf(group: Group, generation: number): Record<string, string> {
  const suffix = generation === 0 ? "" : `-${generation}`;
  if (group === "chain")
    return {
      Connector: `seq-github${suffix}`,
      ConnectedAccount: `seq-user${suffix}`,
      TriggerInstance: `seq-stars${suffix}`,
    };
  if (group === "webhook") return { TriggerWebhook: `seq-events${suffix}` };
  return { IntegrationState: `seq-shared${suffix}` };
}

/** Every resource the spec declares: kind and logical name. */
export function declared(spec: ProgramSpec): { kind: string; name: string }[] {
  return [
    ...GROUPS.filter((group) => spec.present[group]).flatMap((group) =>
      Object.entries(namesOf(group, spec.placement[group].generation)).map(([kind, name]) => ({
        kind,
        name,
      })),
    ),
    ...spec.adopted.map((adopted) => ({ kind: adopted.kind, name: adopted.logicalName })),
  ];
}

export const TRIGGER = { name: "GITHUB_STAR_ADDED_EVENT", config: { owner: "octocat", repo: "hello-world" } };

/**
 * The YAML program on the plugin. Explicit providers p1 and p2 take the service's URL and a key each from
 * config (secrets); the default provider takes INTEGRATIONS_API_KEY and INTEGRATIONS_BASE_URL.
 */
export function yamlProgram(spec: ProgramSpec, urnPrefix: string): string {
  const lines = [
    "name: seq-plugin",
    "runtime: yaml",
    "description: The sequence fuzzer's program on the provider plugin (test/sequences).",
    "config:",
    "  serviceUrl: { type: string }",
    "  p1Key: { type: string, secret: true }",
    "  p2Key: { type: string, secret: true }",
    "  elsewhereId: { type: string }",
    "  accountToken: { type: string, secret: true }",
    "  accountTokenPlain: { type: string }",
    "resources:",
    "  p1:",
    "    type: pulumi:providers:integrations",
    "    properties: { baseUrl: '${serviceUrl}', apiKey: '${p1Key}' }",
    "  p2:",
    "    type: pulumi:providers:integrations",
    "    properties: { baseUrl: '${serviceUrl}', apiKey: '${p2Key}' }",
  ];
  const options = (group: Group, kind: string) => {
    const placement = spec.placement[group];
    const out: string[] = [];
    if (placement.provider !== "default") out.push(`      provider: \${${placement.provider}}`);
    if (placement.aliases.length > 0) {
      out.push("      aliases:");
      for (const alias of placement.aliases)
        out.push(
          `        - ${urnPrefix}integrations:index:${kind}::${namesOf(group, alias.generation)[kind]}`,
        );
    }
    return out.length > 0 ? ["    options:", ...out] : [];
  };
  if (spec.present.chain) {
    const names = namesOf("chain", spec.placement.chain.generation);
    lines.push(
      `  ${names.Connector}:`,
      "    type: integrations:index:Connector",
      "    properties: { appName: github, authScheme: BEARER_TOKEN }",
      ...options("chain", "Connector"),
      `  ${names.ConnectedAccount}:`,
      "    type: integrations:index:ConnectedAccount",
      "    properties:",
      `      integrationId: \${${names.Connector}.id}`,
      `      data: { token: '\${${spec.tokenGivenPlain ? "accountTokenPlain" : "accountToken"}}' }`,
      ...options("chain", "ConnectedAccount"),
      `  ${names.TriggerInstance}:`,
      "    type: integrations:index:TriggerInstance",
      "    properties:",
      `      connectedAccountId: \${${names.ConnectedAccount}.id}`,
      `      triggerName: ${TRIGGER.name}`,
      `      triggerConfig: { owner: ${TRIGGER.config.owner}, repo: ${TRIGGER.config.repo} }`,
      ...options("chain", "TriggerInstance"),
    );
  }
  if (spec.present.webhook) {
    const names = namesOf("webhook", spec.placement.webhook.generation);
    lines.push(
      `  ${names.TriggerWebhook}:`,
      "    type: integrations:index:TriggerWebhook",
      `    properties: { url: '${spec.webhookUrl}' }`,
      ...options("webhook", "TriggerWebhook"),
    );
  }
  if (spec.present.state) {
    const names = namesOf("state", spec.placement.state.generation);
    lines.push(
      `  ${names.IntegrationState}:`,
      "    type: integrations:index:IntegrationState",
      `    properties: { integrationId: '\${elsewhereId}', enabled: ${spec.stateEnabled}, onDelete: restore }`,
      ...options("state", "IntegrationState"),
    );
  }
  for (const adopted of spec.adopted)
    lines.push(
      `  ${adopted.variable}:`,
      `    type: integrations:index:${adopted.kind}`,
      `    name: ${adopted.logicalName}`,
      // JSON is YAML: the inputs exactly as the import recorded them, whatever their shape.
      `    properties: ${JSON.stringify(adopted.properties)}`,
    );
  return `${lines.join("\n")}\n`;
}
