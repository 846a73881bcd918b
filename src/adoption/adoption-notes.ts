import type { AdoptionPlan, UnreadableSecret } from "./import-file";

/**
 * The notes written beside the import file: the steps of the adoption (pin the account, import, check with a
 * zero-diff preview) and, for each secret the service never shows, how the program gives it from the stack
 * config without the first `up` after the import changing anything.
 */
export function adoptionNotes(plan: AdoptionPlan, importFile: string, serviceUrl: string): string {
  const counts = new Map<string, number>();
  for (const entry of plan.file.resources) counts.set(entry.type, (counts.get(entry.type) ?? 0) + 1);
  const held = [...counts].map(([type, count]) => `${count} × ${type.split(":").pop()}`).join(", ");
  const lines = [
    `# Adopting account \`${plan.accountId}\``,
    "",
    `Written by integrations-import from ${serviceUrl}: ${held || "nothing to import"}. \`${importFile}\` holds no secret.`,
    "",
    "## 1. Pin the stack to this account, before the import",
    "",
    "```sh",
    `pulumi config set integrations:accountId ${plan.accountId}`,
    "```",
    "",
    "Every resource of the stack then refuses a key of another account before it reads or writes anything, and",
    "the import itself refuses one. (An import file cannot carry stack config, so the pin is this one command.)",
    "",
    "## 2. Import, then check that the program and the account agree",
    "",
    "```sh",
    `pulumi import --file ${importFile} --out <a file of the program's language>`,
    "# add the generated code to the program, then:",
    "pulumi preview --expect-no-changes",
    "```",
    "",
    "The generated code names only what each object has: inputs at their defaults are left out. `pulumi import`",
    'marks the resources protected; a Connector keeps the default `deletionPolicy: "delete"`, so once',
    "unprotected a `pulumi destroy` deletes the connectors, accounts and trigger instances it adopted",
    "(docs/guides/import-and-adoption.md). Import a connector with `--state-only` to manage it without owning it.",
    "",
    ...(plan.file.resources.some((entry) => entry.logicalName !== entry.name)
      ? [
          "For a Java program, write this file again without `--logical-names objects`:",
          "pulumi-java's generator names each resource after its variable, not after the file's `logicalName`, so",
          "its program would declare other resources than those imported, which the first `pulumi up` creates.",
          "",
        ]
      : []),
    ...secretSteps(plan.secrets),
    ...(plan.leftOut.length === 0
      ? []
      : ["## Left out", "", ...plan.leftOut.map((reason) => `- ${reason}`), ""]),
  ];
  return `${lines.join("\n")}\n`;
}

function secretSteps(secrets: UnreadableSecret[]): string[] {
  if (secrets.length === 0)
    return ["## Secrets", "", "None: every input of these objects can be read back.", ""];
  return [
    "## 3. Secrets the service never shows",
    "",
    "The import leaves them out, and the stack does not manage them: the preview above passes. To manage them,",
    "for each row below:",
    "",
    "1. `pulumi config set --secret <config key> <value>`;",
    "2. in the program, give the input from that config key (an `authConfig` is replaced whole: give every",
    '   field of it) and add the resource option `ignoreChanges: ["<input>"]`: `pulumi preview',
    "   --expect-no-changes` still passes, with the secret in the program and encrypted in the config;",
    "3. remove `ignoreChanges` when the stack should set it: the next `pulumi up` sets the input once (an",
    "   `authConfig` is one PATCH; a connected account's `data` is recorded without a request, since the service",
    "   cannot change an account's credentials).",
    "",
    "| resource | input | field | config key |",
    "| --- | --- | --- | --- |",
    ...secrets.map((s) => `| ${s.resource} | ${s.input} | ${s.field} | ${s.configKey} |`),
    "",
  ];
}
