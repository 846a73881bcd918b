/**
 * A dynamic provider without I/O for the engine's own tests. Every call prints one line
 * `null:<call>:<label> ...` to the provider process's stdout, which the tests read back through
 * `stack.providerOutput()` to see what the engine asked for, and in which order. Special inputs steer it:
 *   replaceKeys         keys whose change the provider's diff reports as a replacement
 *   deleteBeforeReplace the provider's diff asks for delete-before-replace
 *   diffUnknown         diff answers "unknown" (no opinion), as a provider without `diff` does
 *   checkFailures       failures check reports
 *   failCreate          "error" throws from create; "partial" reports a partial create (an id, then an error);
 *                       "partial-bare" a partial create whose properties lack `__provider`
 *   readOverrides       values read (refresh) returns instead of the stored ones; readGone: read finds nothing
 *   readInputs          read also returns inputs: the stored ones (outputs minus `computed`) with these values
 *   delayMs             create and delete take this long, between `null:<call>-start:<label>` and
 *                       `null:<call>-end:<label>` lines
 * The methods use nothing outside themselves, so the provider serializes to a small `__provider`.
 */
import * as pulumi from "@pulumi/pulumi";

export interface NullArgs {
  label: pulumi.Input<string>;
  value?: pulumi.Input<string>;
  secretValue?: pulumi.Input<string>;
  replaceKeys?: pulumi.Input<string[]>;
  deleteBeforeReplace?: pulumi.Input<boolean>;
  diffUnknown?: pulumi.Input<boolean>;
  checkFailures?: pulumi.Input<{ property: string; reason: string }[]>;
  failCreate?: pulumi.Input<"error" | "partial" | "partial-bare">;
  readOverrides?: pulumi.Input<Record<string, string>>;
  readInputs?: pulumi.Input<Record<string, string>>;
  authConfig?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  readGone?: pulumi.Input<boolean>;
  delayMs?: pulumi.Input<number>;
}

type Props = Record<string, unknown>;

const provider: pulumi.dynamic.ResourceProvider = {
  async configure(req: pulumi.dynamic.ConfigureRequest) {
    const apiKey = req.config.get("nulltest:apiKey");
    console.log(`null:configure apiKeyType=${typeof apiKey}`);
  },

  async check(_olds: Props, news: Props) {
    const unknown = Object.keys(news).filter((key) => news[key] === "04da6b54-80e4-46f7-96ec-b56ff0331ba9");
    console.log(`null:check:${news.label} unknown=${unknown.join(",")}`);
    return {
      inputs: news,
      failures: (news.checkFailures as pulumi.dynamic.CheckFailure[] | undefined) ?? [],
    };
  },

  async diff(_id: string, olds: Props, news: Props) {
    console.log(`null:diff:${news.label}`);
    if (news.diffUnknown) return {};
    const ignored = new Set(["__provider", "computed"]);
    const changed = Object.keys(news).filter(
      (key) => !ignored.has(key) && JSON.stringify(olds[key]) !== JSON.stringify(news[key]),
    );
    const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
    const replaceKeys = (news.replaceKeys as string[] | undefined) ?? [];
    // An unknown value is a change, never a reason to replace.
    const replaces = changed.filter((key) => replaceKeys.includes(key) && news[key] !== unknown);
    return { changes: changed.length > 0, replaces, deleteBeforeReplace: Boolean(news.deleteBeforeReplace) };
  },

  async create(inputs: Props) {
    const id = `${inputs.label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    console.log(`null:create:${inputs.label} secretPlain=${typeof inputs.secretValue === "string"}`);
    if (inputs.failCreate === "error") throw new Error(`create of ${inputs.label} failed`);
    if (inputs.delayMs) {
      console.log(`null:create-start:${inputs.label}`);
      await new Promise((resolve) => setTimeout(resolve, Number(inputs.delayMs)));
      console.log(`null:create-end:${inputs.label}`);
    }
    const outs = { ...inputs, computed: `computed-${inputs.label}-${inputs.value}` };
    if (inputs.failCreate === "partial" || inputs.failCreate === "partial-bare") {
      // The dynamic provider stores an error's properties as they are: no `__provider` unless given.
      const properties = inputs.failCreate === "partial" ? outs : { label: inputs.label };
      throw Object.assign(new Error(`${inputs.label} was created but did not initialise`), {
        id,
        properties,
        reasons: ["initialisation timed out"],
      });
    }
    return { id, outs };
  },

  async read(id: string, props: Props) {
    console.log(`null:read:${props.label}`);
    if (props.readGone) return { id: "", props: {} };
    const read = { id, props: { ...props, ...((props.readOverrides as Props | undefined) ?? {}) } };
    if (!props.readInputs) return read;
    const { computed: _computed, ...stored } = props;
    return { ...read, inputs: { ...stored, ...(props.readInputs as Props) } };
  },

  async update(_id: string, _olds: Props, news: Props) {
    console.log(`null:update:${news.label}`);
    return { outs: { ...news, computed: `computed-${news.label}-${news.value}` } };
  },

  async delete(_id: string, props: Props) {
    console.log(`null:delete:${props.label}`);
    if (props.delayMs) {
      console.log(`null:delete-start:${props.label}`);
      await new Promise((resolve) => setTimeout(resolve, Number(props.delayMs)));
      console.log(`null:delete-end:${props.label}`);
    }
  },
};

export class NullResource extends pulumi.dynamic.Resource {
  declare readonly label: pulumi.Output<string>;
  declare readonly value: pulumi.Output<string | undefined>;
  declare readonly secretValue: pulumi.Output<string | undefined>;
  declare readonly computed: pulumi.Output<string>;

  constructor(name: string, args: NullArgs, opts?: pulumi.CustomResourceOptions) {
    super(provider, name, { computed: undefined, ...args }, opts);
  }
}
