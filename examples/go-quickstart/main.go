// Command go-quickstart runs the Go quickstart (quickstart.go) with the Automation API, inline: the program
// runs in this process, so no pulumi-language-go is needed, only the `pulumi` CLI on PATH and the provider
// plugin `integrations` (installed with `pulumi plugin install resource integrations <version> --file
// <tarball>`).
//
//	go run . [flags] up | preview | refresh | destroy
//	go run . [flags] import integrations:index:Connector <name> <id>
//
// The account comes from INTEGRATIONS_API_KEY and INTEGRATIONS_BASE_URL when they are set: they are stored
// in the stack's config (the key as a secret) and taken out of the environment the CLI and the plugin get,
// so the plugin reads the stack config, as `pulumi destroy` and `pulumi refresh` also do. The program's own
// config is given with -config KEY=VALUE and, for secrets, -secret KEY=ENV_VAR (the value read from that
// environment variable, never from the command line). Config is kept in the work folder with the stack's
// settings.
//
// The backend is PULUMI_BACKEND_URL, or a file backend in the work folder; PULUMI_CONFIG_PASSPHRASE encrypts
// the secrets. With -json the CLI's output goes to stderr and one JSON line to stdout: the command, its
// change summary, the stack's outputs (secrets as "[secret]") and the steps the engine reported.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optimport"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optrefresh"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

const project = "integrations-go-quickstart"

type pairs []string

func (p *pairs) String() string     { return strings.Join(*p, ",") }
func (p *pairs) Set(v string) error { *p = append(*p, v); return nil }

type result struct {
	Command string         `json:"command"`
	Changes map[string]int `json:"changes,omitempty"`
	Outputs map[string]any `json:"outputs,omitempty"`
	Steps   []step         `json:"steps"`
	Error   string         `json:"error,omitempty"`
}

func main() {
	os.Exit(run())
}

func run() int {
	stackName := flag.String("stack", "dev", "the stack's name")
	workDir := flag.String("work-dir", ".workspace",
		"the workspace: Pulumi.yaml, the stack's settings and config, and the file backend by default")
	asJSON := flag.Bool("json", false, "print one JSON line of results to stdout")
	var plain, secrets pairs
	flag.Var(&plain, "config", "program config, KEY=VALUE (repeatable)")
	flag.Var(&secrets, "secret", "secret config, KEY=ENV_VAR: the value is read from ENV_VAR (repeatable)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(),
			"usage: go-quickstart [flags] up|preview|refresh|destroy | import <type> <name> <id>")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		return 2
	}
	command, args := flag.Arg(0), flag.Args()[1:]

	ctx := context.Background()
	stack, err := selectStack(ctx, *stackName, *workDir)
	if err == nil {
		err = setConfig(ctx, stack, plain, secrets)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	var out io.Writer = os.Stdout
	if *asJSON {
		out = os.Stderr
	}
	recorder := newStepRecorder()
	changes, err := runCommand(ctx, stack, command, args, out, recorder)
	res := result{Command: command, Changes: changes, Steps: recorder.finish()}
	if err == nil && command != "preview" {
		res.Outputs, err = stackOutputs(ctx, stack)
	}
	if err != nil {
		res.Error = err.Error()
	}
	if *asJSON {
		if encodeErr := json.NewEncoder(os.Stdout).Encode(res); encodeErr != nil {
			fmt.Fprintln(os.Stderr, encodeErr)
			return 1
		}
	} else if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if err != nil {
		return 1
	}
	return 0
}

// selectStack creates or selects the stack of the inline program in workDir, with the file backend there
// unless PULUMI_BACKEND_URL names another.
func selectStack(ctx context.Context, stackName, workDir string) (auto.Stack, error) {
	workDir, err := filepath.Abs(workDir)
	if err != nil {
		return auto.Stack{}, err
	}
	backend := os.Getenv("PULUMI_BACKEND_URL")
	if backend == "" {
		state := filepath.Join(workDir, "state")
		if err := os.MkdirAll(state, 0o755); err != nil {
			return auto.Stack{}, err
		}
		backend = "file://" + state
	}
	if err := os.MkdirAll(workDir, 0o755); err != nil {
		return auto.Stack{}, err
	}
	return auto.UpsertStackInlineSource(ctx, stackName, project, quickstart,
		auto.WorkDir(workDir),
		auto.Project(workspace.Project{
			Name:    tokens.PackageName(project),
			Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		}),
		auto.EnvVars(map[string]string{"PULUMI_BACKEND_URL": backend}),
	)
}

// setConfig stores the account from the environment and the flags' config in the stack's config.
func setConfig(ctx context.Context, stack auto.Stack, plain, secrets pairs) error {
	config := auto.ConfigMap{}
	if key, ok := os.LookupEnv("INTEGRATIONS_API_KEY"); ok && key != "" {
		config["integrations:apiKey"] = auto.ConfigValue{Value: key, Secret: true}
	}
	if url, ok := os.LookupEnv("INTEGRATIONS_BASE_URL"); ok && url != "" {
		config["integrations:baseUrl"] = auto.ConfigValue{Value: url}
	}
	// From here on the plugin reads the account from the stack config only.
	os.Unsetenv("INTEGRATIONS_API_KEY")
	os.Unsetenv("INTEGRATIONS_BASE_URL")
	for _, pair := range plain {
		key, value, ok := strings.Cut(pair, "=")
		if !ok || key == "" {
			return fmt.Errorf("-config takes KEY=VALUE, got %q", pair)
		}
		config[key] = auto.ConfigValue{Value: value}
	}
	for _, pair := range secrets {
		key, variable, ok := strings.Cut(pair, "=")
		if !ok || key == "" {
			return fmt.Errorf("-secret takes KEY=ENV_VAR, got %q", pair)
		}
		value, set := os.LookupEnv(variable)
		if !set {
			return fmt.Errorf("-secret %s: the environment variable %s is not set", key, variable)
		}
		os.Unsetenv(variable)
		config[key] = auto.ConfigValue{Value: value, Secret: true}
	}
	if len(config) == 0 {
		return nil
	}
	return stack.SetAllConfig(ctx, config)
}

func runCommand(
	ctx context.Context, stack auto.Stack, command string, args []string, out io.Writer, recorder *stepRecorder,
) (map[string]int, error) {
	switch command {
	case "up":
		res, err := stack.Up(ctx, optup.ProgressStreams(out), optup.EventStreams(recorder.events()))
		return summaryChanges(res.Summary), err
	case "preview":
		res, err := stack.Preview(ctx, optpreview.ProgressStreams(out), optpreview.EventStreams(recorder.events()))
		changes := map[string]int{}
		for op, count := range res.ChangeSummary {
			changes[string(op)] = count
		}
		return changes, err
	case "refresh":
		res, err := stack.Refresh(ctx, optrefresh.ProgressStreams(out), optrefresh.EventStreams(recorder.events()))
		return summaryChanges(res.Summary), err
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(out), optdestroy.EventStreams(recorder.events()))
		return summaryChanges(res.Summary), err
	case "import":
		if len(args) != 3 {
			return nil, errors.New("usage: go-quickstart import <type> <name> <id>")
		}
		res, err := stack.ImportResources(ctx,
			optimport.Resources([]*optimport.ImportResource{{Type: args[0], Name: args[1], ID: args[2]}}),
			optimport.GenerateCode(false),
			optimport.ProgressStreams(out),
		)
		return summaryChanges(res.Summary), err
	default:
		return nil, fmt.Errorf("unknown command %q (up, preview, refresh, destroy or import)", command)
	}
}

func summaryChanges(summary auto.UpdateSummary) map[string]int {
	if summary.ResourceChanges == nil {
		return map[string]int{}
	}
	return *summary.ResourceChanges
}

func stackOutputs(ctx context.Context, stack auto.Stack) (map[string]any, error) {
	outputs, err := stack.Outputs(ctx)
	if err != nil {
		return nil, err
	}
	shown := map[string]any{}
	for key, output := range outputs {
		if output.Secret {
			shown[key] = "[secret]"
		} else {
			shown[key] = output.Value
		}
	}
	return shown, nil
}
