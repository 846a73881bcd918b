import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as plugin from "@pulumi/pulumi/proto/plugin_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provider from "@pulumi/pulumi/proto/provider_pb";
import { sharedClient } from "../client/shared-clients";
import { carriesCredentials } from "../public-url";
import { OperationStoppedError, stoppable } from "../client/stopping";
import { accountOf } from "../resources/shared/account";
import { withClaimsOf } from "../resources/shared/claims";
import { createClientForCall } from "../resources/shared/client-for-call";
import { CONNECTION_PROPERTY } from "../resources/shared/connection";
import { keysFlagged } from "../resources/shared/definition";
import { readably } from "../resources/shared/errors";
import { withDefaults } from "../resources/shared/read-by-id";
import { SECRETS_GIVEN_PLAIN } from "../resources/shared/secrets-given-plain";
import { setWarningSink } from "../resources/shared/warnings";
import { withAutonaming, parseUrn, type Autonaming } from "./autonaming";
import { wireDiff, type PathChange } from "./diff";
import { engineLog } from "../engine-log";
import { grpcError } from "./errors";
import { secretsGivenPlain } from "./secrets-given-plain";
import { withInputCopies, withoutInputCopies } from "./input-copies";
import { functionTokenOf, PLUGIN_FUNCTIONS, type PluginFunction } from "./functions";
import { invokeFunction } from "./invoke";
import { fromStruct, markSecrets, reveal, secretKeysOf, toStruct, type Props } from "./properties";
import {
  accountRecorded,
  checkProviderConfig,
  configSourceOf,
  diffProviderConfig,
  resolvedLocation,
} from "./provider-config";
import { PLUGIN_RESOURCES, tokenOf, type PluginResource } from "./resources";

export interface PluginServerOptions {
  /** The plugin's version (package.json's): GetPluginInfo answers it. */
  version: string;
  /** The schema's text (provider/schema.json): GetSchema answers it. */
  schema: () => string;
  resources?: readonly PluginResource[];
  functions?: readonly PluginFunction[];
  /** The engine's address (the plugin's argument): warnings go to its log. None: warnings are dropped. */
  engine?: string;
}

export interface RunningPluginServer {
  port: number;
  close(): Promise<void>;
}

type Unary<Request, Response> = (
  call: grpc.ServerUnaryCall<Request, Response>,
  callback: grpc.sendUnaryData<Response>,
) => void;

/**
 * The provider plugin's gRPC service, on the stubs @pulumi/pulumi ships. Every resource call goes to the
 * same handler object the dynamic front end uses (`pulumi-integrations/dynamic`); this layer only converts:
 * Structs to plain values and back, secrets (see ./properties.ts), the autoname defaults of check
 * (./autonaming.ts), the diff's answer (./diff.ts), and the outputs that copy inputs (./input-copies.ts).
 * Methods it does not implement (StreamInvoke, Construct, Call, Parameterize, Handshake, ...) answer
 * UNIMPLEMENTED, which the engine takes as "not supported".
 */
export async function startPluginServer(options: PluginServerOptions): Promise<RunningPluginServer> {
  const rows = new Map((options.resources ?? PLUGIN_RESOURCES).map((row) => [tokenOf(row.definition), row]));
  const rowOf = (type: string, urn: string): PluginResource => {
    // The URN's type part is `<parent type>$<type>` for a resource with a parent.
    const token = type || (urn.split("::")[2] ?? "").split("$").pop() || "";
    const row = rows.get(token);
    if (!row)
      throw new Error(`Unknown resource type "${token}": this plugin serves ${[...rows.keys()].join(", ")}.`);
    return row;
  };
  /**
   * A resource call with the claims of its deployment (../resources/shared/claims.ts), which every provider
   * process the engine at this address started for the URN's stack shares; in this process's memory when there
   * is no engine (a test's server).
   */
  const inDeployment = <T>(urn: string, call: () => Promise<T>): Promise<T> => {
    const { project, stack } = parseUrn(urn);
    return withClaimsOf(options.engine && `${options.engine} ${project}/${stack}`, call);
  };
  const functions = new Map(
    (options.functions ?? PLUGIN_FUNCTIONS).map((row) => [functionTokenOf(row.definition), row]),
  );
  // The invokes' client: this provider's settings (the stack config, or an explicit provider's arguments).
  const invokeApi = createClientForCall();
  const log = options.engine ? engineLog(options.engine) : undefined;
  setWarningSink(log?.warn);

  /** Aborted by the engine's Cancel: every call of the process stops (../client/stopping.ts). */
  const cancelled = new AbortController();
  const unary = <Request, Response>(handle: (request: Request) => Promise<Response>) =>
    unaryMethod((request: Request) => stoppable(cancelled.signal, () => handle(request)));

  const service: Partial<providerGrpc.IResourceProviderServer> = {
    getPluginInfo: unary(async () => new plugin.PluginInfo().setVersion(options.version)),

    getSchema: unary(async () => new provider.GetSchemaResponse().setSchema(options.schema())),

    checkConfig: unary(async (request: provider.CheckRequest) => {
      const wire = rawProps(request.getNews());
      const checked = checkProviderConfig(reveal(wire) as Props);
      const olds = reveal(rawProps(request.getOlds())) as Props;
      const { inputs, failures } =
        checked.failures.length > 0
          ? checked
          : await readably(() =>
              resolvedLocation(checked.inputs, olds, (settings) => accountOf(sharedClient(settings))),
            );
      return new provider.CheckResponse()
        .setInputs(toStruct(markSecrets(inputs, providerSecrets(wire, inputs))))
        .setFailuresList(failures.map(checkFailure));
    }),

    diffConfig: unary(async (request: provider.DiffRequest) => {
      const oldInputs = fromStruct(request.getOldInputs());
      const olds = Object.keys(oldInputs).length > 0 ? oldInputs : fromStruct(request.getOlds());
      const { changes, replaces } = diffProviderConfig(olds, fromStruct(request.getNews()));
      return new provider.DiffResponse()
        .setChanges(changes.length > 0 ? DIFF_SOME : DIFF_NONE)
        .setDiffsList(changes)
        .setReplacesList(replaces);
    }),

    configure: unary(async (request: provider.ConfigureRequest) => {
      const inputs = configureInputs(request);
      const config = configSourceOf(inputs);
      invokeApi.configure(config);
      const recorded = accountRecorded(inputs);
      await Promise.all(
        [...rows.values()].map((row) => row.handlers.configure({ config, accountRecorded: recorded })),
      );
      return (
        new provider.ConfigureResponse()
          .setAcceptsecrets(true)
          .setAcceptresources(false)
          .setAcceptoutputs(false)
          // Create and Update are not called in a preview: the engine shows the checked inputs as outputs.
          .setSupportspreview(false)
          .setSupportsAutonamingConfiguration(true)
      );
    }),

    check: unary(async (request: provider.CheckRequest) => {
      const urn = request.getUrn();
      const row = rowOf(request.getType(), urn);
      const wire = rawProps(request.getNews());
      const olds = fromStruct(request.getOlds());
      const name = request.getName() || parseUrn(urn).name;
      const given = {
        ...(reveal(wire) as Props),
        ...row.internalInputs?.({ name }),
        // Set here only, so a program cannot claim it.
        ...secretsGivenPlain(row.definition, flagsOf(row).credentialInputs, wire),
      };
      const news = row.autoname
        ? withAutonaming(row.autoname, given, olds, {
            urn,
            name,
            autonaming: autonamingOf(request.getAutonaming()),
          })
        : given;
      const result = await inDeployment(urn, () => row.handlers.check(olds, news));
      const secrets = union(secretKeysOf(wire), secretsOf(row, "inputs"));
      return new provider.CheckResponse()
        .setInputs(toStruct(markSecrets(result.inputs, secrets)))
        .setFailuresList(result.failures.map(checkFailure));
    }),

    diff: unary(async (request: provider.DiffRequest) => {
      const row = rowOf(request.getType(), request.getUrn());
      const olds = fromStruct(request.getOlds());
      const oldInputs = storedInputs(row, fromStruct(request.getOldInputs()));
      const news = fromStruct(request.getNews());
      const result = await row.handlers.diff(request.getId(), withInputCopies(row, olds, oldInputs), news);
      const diff = wireDiff(result, oldInputs, olds, news, replaceFlagged(row));
      const response = new provider.DiffResponse()
        .setChanges(diff.changes ? DIFF_SOME : DIFF_NONE)
        .setReplacesList(diff.replaces)
        .setDeletebeforereplace(diff.deleteBeforeReplace)
        .setDiffsList(diff.diffs)
        .setHasdetaileddiff(true);
      for (const [path, { change, replace }] of Object.entries(diff.detailed)) {
        response.getDetaileddiffMap().set(path, propertyDiff(change, replace));
      }
      return response;
    }),

    create: unary(async (request: provider.CreateRequest) => {
      const row = rowOf(request.getType(), request.getUrn());
      const wire = rawProps(request.getProperties());
      const inputs = reveal(wire) as Props;
      const secrets = union(secretKeysOf(wire), secretsOf(row, "outputs"), secretsOf(row, "inputs"));
      try {
        const { id, outs } = await withinTimeout(request.getTimeout(), "create", cancelled.signal, () =>
          inDeployment(request.getUrn(), () => row.handlers.create(inputs)),
        );
        return new provider.CreateResponse()
          .setId(id)
          .setProperties(toStruct(markSecrets(withoutInputCopies(row, outs), secrets)));
      } catch (error) {
        throw withPartial(error, {
          properties: (partial) => markSecrets(withoutInputCopies(row, partial.properties as Props), secrets),
          inputs: markSecrets(inputs, union(secretKeysOf(wire), secretsOf(row, "inputs"))),
        });
      }
    }),

    read: unary(async (request: provider.ReadRequest) => {
      const row = rowOf(request.getType(), request.getUrn());
      const stateWire = rawProps(request.getProperties());
      const inputsWire = rawProps(request.getInputs());
      const state = withInputCopies(
        row,
        reveal(stateWire) as Props,
        storedInputs(row, reveal(inputsWire) as Props),
      );
      const result = await row.handlers.read(request.getId(), state);
      const response = new provider.ReadResponse().setId(result.id);
      // An empty id: the object is gone, and the engine drops it from state.
      if (result.id === "" || result.props === undefined) return response;
      const outputSecrets = union(
        secretKeysOf(stateWire),
        secretsOf(row, "outputs"),
        secretsOf(row, "inputs"),
      );
      const inputSecrets = union(secretKeysOf(inputsWire), secretsOf(row, "inputs"));
      // Read by id alone (`pulumi import`): the internal inputs Check would set come from the URN here.
      const urn = request.getUrn();
      const internal =
        Object.keys(stateWire).length === 0 ? (row.internalInputs?.({ name: parseUrn(urn).name }) ?? {}) : {};
      const stored = reveal(inputsWire) as Props;
      // What the program gave plain is the program's, which no read can see: kept as the last check stored it.
      const inputs = result.inputs
        ? { ...result.inputs, [SECRETS_GIVEN_PLAIN]: stored[SECRETS_GIVEN_PLAIN] }
        : stored;
      return response
        .setProperties(
          toStruct(markSecrets(withoutInputCopies(row, { ...result.props, ...internal }), outputSecrets)),
        )
        .setInputs(toStruct(markSecrets({ ...inputs, ...internal }, inputSecrets)));
    }),

    update: unary(async (request: provider.UpdateRequest) => {
      const row = rowOf(request.getType(), request.getUrn());
      const oldsWire = rawProps(request.getOlds());
      const newsWire = rawProps(request.getNews());
      const olds = withInputCopies(
        row,
        reveal(oldsWire) as Props,
        storedInputs(row, fromStruct(request.getOldInputs())),
      );
      const { outs } = await withinTimeout(request.getTimeout(), "update", cancelled.signal, () =>
        row.handlers.update(request.getId(), olds, reveal(newsWire) as Props),
      );
      const secrets = union(
        secretKeysOf(oldsWire, newsWire),
        secretsOf(row, "outputs"),
        secretsOf(row, "inputs"),
      );
      return new provider.UpdateResponse().setProperties(
        toStruct(markSecrets(withoutInputCopies(row, outs), secrets)),
      );
    }),

    delete: unary(async (request: provider.DeleteRequest) => {
      const row = rowOf(request.getType(), request.getUrn());
      const props = withInputCopies(
        row,
        fromStruct(request.getProperties()),
        storedInputs(row, fromStruct(request.getOldInputs())),
      );
      await withinTimeout(request.getTimeout(), "delete", cancelled.signal, () =>
        inDeployment(request.getUrn(), () => row.handlers.delete(request.getId(), props)),
      );
      return new Empty();
    }),

    // The engine calls Invoke for a program's `invoke` (passed on by its resource monitor), in a preview
    // too; StreamInvoke and Call (a component's methods) are not used by these functions.
    invoke: unary(async (request: provider.InvokeRequest) => {
      const token = request.getTok();
      const row = functions.get(token);
      if (!row) {
        throw new Error(
          `Unknown function "${token}": this plugin serves ${[...functions.keys()].join(", ")}.`,
        );
      }
      const wire = rawProps(request.getArgs());
      const outcome = await readably(() => invokeFunction(row, invokeApi.client(), reveal(wire) as Props));
      await Promise.all(outcome.warnings.map((warning) => log?.warn(warning)));
      const response = new provider.InvokeResponse().setFailuresList(outcome.failures.map(checkFailure));
      if (outcome.result === undefined) return response;
      // A result computed from a secret argument is secret, as the engine makes it for a provider that does
      // not accept secrets.
      const secrets = secretKeysOf(wire).size > 0 ? new Set(Object.keys(outcome.result)) : new Set<string>();
      return response.setReturn(toStruct(markSecrets(outcome.result, secrets)));
    }),

    // The engine asks the plugin to wind down (Ctrl-C): every call stops waiting between attempts and sends
    // nothing more; POSTs already sent finish (no other request is waited for), and a create whose request may
    // have landed ends through its proof (../client/stopping.ts). The engine waits for the calls in flight, then
    // ends the process.
    cancel: unaryMethod(async () => {
      cancelled.abort(new OperationStoppedError("stopped: the deployment was cancelled"));
      return new Empty();
    }),
  };

  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(providerGrpc.ResourceProviderService, service as providerGrpc.IResourceProviderServer);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        setWarningSink(undefined);
        log?.close();
        server.tryShutdown(() => resolve());
      }),
  };
}

const DIFF_SOME = provider.DiffResponse.DiffChanges.DIFF_SOME;
const DIFF_NONE = provider.DiffResponse.DiffChanges.DIFF_NONE;

/**
 * Runs a create, update or delete within its `customTimeouts` (the engine passes seconds; 0 is none): past
 * them, the call stops as a Cancel stops it.
 */
function withinTimeout<T>(
  seconds: number,
  operation: string,
  cancelled: AbortSignal,
  call: () => Promise<T>,
): Promise<T> {
  if (!(seconds > 0)) return call();
  const timeout = new AbortController();
  const timer = setTimeout(
    () =>
      timeout.abort(
        new OperationStoppedError(`stopped: the ${operation} ran past its customTimeouts (${seconds} s)`),
      ),
    seconds * 1000,
  );
  return stoppable(AbortSignal.any([cancelled, timeout.signal]), call).finally(() => clearTimeout(timer));
}

/** A unary method from an async function; whatever it throws becomes the error the engine shows. */
function unaryMethod<Request, Response>(
  handle: (request: Request) => Promise<Response>,
): Unary<Request, Response> {
  return (call, callback) => {
    handle(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(error instanceof PartialFailure ? error.status : grpcError(error)),
    );
  };
}

/** A create's error carrying what the engine needs to keep a partially created object. */
class PartialFailure extends Error {
  constructor(readonly status: Partial<grpc.StatusObject>) {
    super(status.details);
  }
}

function withPartial(error: unknown, partial: Parameters<typeof grpcError>[1]): PartialFailure {
  return new PartialFailure(grpcError(error, partial));
}

/** A Struct's values as sent, secrets still wrapped (to see which keys were secret). */
/** The provider inputs kept secret in state: the key, what came secret, and a base URL with credentials. */
function providerSecrets(wire: Props, inputs: Props): Set<string> {
  const secrets = secretKeysOf(wire).add("apiKey");
  if (typeof inputs.baseUrl === "string" && carriesCredentials(inputs.baseUrl)) secrets.add("baseUrl");
  return secrets;
}

/** The inputs the engine stored for a resource, with the defaults an import left out (shared/read-by-id.ts). */
function storedInputs(row: PluginResource, inputs: Props): Props {
  return withDefaults(inputs, row.definition.inputs) as Props;
}

function rawProps(struct: ReturnType<provider.CheckRequest["getNews"]>): Props {
  return struct ? (struct.toJavaScript() as Props) : {};
}

/**
 * The provider's inputs in Configure: `args` (typed, secrets wrapped), or for an engine that sends only the
 * older `variables` map, its `integrations:config:<key>` entries.
 */
function configureInputs(request: provider.ConfigureRequest): Props {
  const args = fromStruct(request.getArgs());
  if (Object.keys(args).length > 0) return args;
  const inputs: Props = {};
  for (const [key, value] of request.getVariablesMap().entries()) {
    const match = /^[^:]+:config:(.+)$/.exec(key);
    if (match) inputs[match[1]!] = value;
  }
  return inputs;
}

function autonamingOf(options: provider.CheckRequest.AutonamingOptions | undefined): Autonaming | undefined {
  if (!options) return undefined;
  const Mode = provider.CheckRequest.AutonamingOptions.Mode;
  const mode = options.getMode();
  return {
    mode: mode === Mode.ENFORCE ? "enforce" : mode === Mode.DISABLE ? "disable" : "propose",
    proposedName: options.getProposedName(),
  };
}

const KIND = provider.PropertyDiff.Kind;
const KINDS: Record<PathChange, [number, number]> = {
  add: [KIND.ADD, KIND.ADD_REPLACE],
  delete: [KIND.DELETE, KIND.DELETE_REPLACE],
  update: [KIND.UPDATE, KIND.UPDATE_REPLACE],
};

function propertyDiff(change: PathChange, replace: boolean): provider.PropertyDiff {
  return new provider.PropertyDiff().setKind(KINDS[change][replace ? 1 : 0]!).setInputdiff(true);
}

function checkFailure(failure: { property: string; reason: string }): provider.CheckFailure {
  return new provider.CheckFailure().setProperty(failure.property).setReason(failure.reason);
}

/**
 * The keys a definition flags secret on one side, and the `connection` every resource takes (its key). Read
 * from the definition once per row: every Check, Create, Read and Update asks (a registry lookup per property).
 * Callers only read the set (`union` copies it).
 */
function secretsOf(row: PluginResource, side: "inputs" | "outputs"): ReadonlySet<string> {
  return flagsOf(row)[side === "inputs" ? "secretInputs" : "secretOutputs"];
}

function replaceFlagged(row: PluginResource): ReadonlySet<string> {
  return flagsOf(row).replaceOnChanges;
}

interface RowFlags {
  /** The inputs the definition flags secret: the credentials a program gives (`connection` is not one). */
  credentialInputs: ReadonlySet<string>;
  secretInputs: ReadonlySet<string>;
  secretOutputs: ReadonlySet<string>;
  replaceOnChanges: ReadonlySet<string>;
}

const rowFlags = new WeakMap<PluginResource, RowFlags>();

function flagsOf(row: PluginResource): RowFlags {
  let flags = rowFlags.get(row);
  if (flags === undefined) {
    const credentialInputs = keysFlagged(row.definition.inputs, "secret");
    flags = {
      credentialInputs: new Set(credentialInputs),
      secretInputs: new Set([...credentialInputs, CONNECTION_PROPERTY]),
      secretOutputs: new Set([...keysFlagged(row.definition.outputs, "secret"), CONNECTION_PROPERTY]),
      replaceOnChanges: new Set(keysFlagged(row.definition.inputs, "replaceOnChanges")),
    };
    rowFlags.set(row, flags);
  }
  return flags;
}

function union(...sets: ReadonlySet<string>[]): Set<string> {
  return new Set(sets.flatMap((set) => [...set]));
}
