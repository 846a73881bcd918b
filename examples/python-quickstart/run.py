"""Runs the Python quickstart (quickstart.py) with the Automation API, inline: the program runs in this
process, so no pulumi-language-python is needed, only the `pulumi` CLI on PATH and the provider plugin
`integrations` (installed with `pulumi plugin install resource integrations <version> --file <tarball>`).

    python run.py [options] up | preview | refresh | destroy
    python run.py [options] import integrations:index:Connector <name> <id>

The account comes from INTEGRATIONS_API_KEY and INTEGRATIONS_BASE_URL when they are set: they are stored in
the stack's config (the key as a secret) and taken out of the environment the CLI and the plugin get, so the
plugin reads the stack config, as `pulumi destroy` and `pulumi refresh` also do. The program's own config is
given with --config KEY=VALUE and, for secrets, --secret KEY=ENV_VAR (the value read from that environment
variable, never from the command line). Config is kept in the work folder with the stack's settings.

The backend is PULUMI_BACKEND_URL, or a file backend in the work folder; PULUMI_CONFIG_PASSPHRASE encrypts
the secrets. With --json the CLI's output goes to stderr and one JSON line to stdout: the command, its change
summary, the stack's outputs (secrets as "[secret]") and the steps the engine reported.
"""

import argparse
import json
import os
import sys
import threading
from typing import Any, Optional

from pulumi import automation as auto

from quickstart import quickstart

PROJECT = "integrations-python-quickstart"
HERE = os.path.dirname(os.path.abspath(__file__))
COMMANDS = ["up", "preview", "refresh", "destroy", "import"]


def main() -> int:
    args = parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    env = {"PULUMI_BACKEND_URL": os.environ.get("PULUMI_BACKEND_URL", f"file://{state_dir(args.work_dir)}")}
    api_key = os.environ.pop("INTEGRATIONS_API_KEY", None)
    base_url = os.environ.pop("INTEGRATIONS_BASE_URL", None)

    stack = auto.create_or_select_stack(
        stack_name=args.stack,
        project_name=PROJECT,
        program=quickstart,
        opts=auto.LocalWorkspaceOptions(
            work_dir=args.work_dir,
            project_settings=auto.ProjectSettings(name=PROJECT, runtime="python"),
            env_vars=env,
        ),
    )
    config = {}
    if api_key:
        config["integrations:apiKey"] = auto.ConfigValue(api_key, secret=True)
    if base_url:
        config["integrations:baseUrl"] = auto.ConfigValue(base_url)
    for pair in args.config:
        key, value = split_pair(pair, "--config")
        config[key] = auto.ConfigValue(value)
    for pair in args.secret:
        key, variable = split_pair(pair, "--secret")
        if variable not in os.environ:
            raise SystemExit(f"--secret {key}: the environment variable {variable} is not set")
        config[key] = auto.ConfigValue(os.environ.pop(variable), secret=True)
    if config:
        stack.set_all_config(config)

    recorder = StepRecorder()
    out = sys.stderr if args.json else sys.stdout

    def on_output(line: str) -> None:
        print(line, file=out, flush=True)

    try:
        summary = run_command(stack, args, on_output, recorder)
    except auto.CommandError as error:
        if args.json:
            print(json.dumps({"command": args.command, "error": str(error), "steps": recorder.steps}))
        else:
            print(str(error), file=sys.stderr)
        return 1
    if args.json:
        outputs = {} if args.command == "preview" else stack_outputs(stack)
        print(json.dumps({"command": args.command, "changes": summary, "outputs": outputs, "steps": recorder.steps}))
    return 0


def run_command(stack: auto.Stack, args: argparse.Namespace, on_output, recorder: "StepRecorder") -> dict:
    if args.command == "up":
        return changes(stack.up(on_output=on_output, on_event=recorder.on_event).summary.resource_changes)
    if args.command == "preview":
        return changes(stack.preview(on_output=on_output, on_event=recorder.on_event).change_summary)
    if args.command == "refresh":
        return changes(stack.refresh(on_output=on_output, on_event=recorder.on_event).summary.resource_changes)
    if args.command == "destroy":
        return changes(stack.destroy(on_output=on_output, on_event=recorder.on_event).summary.resource_changes)
    if len(args.args) != 3:
        raise SystemExit("usage: python run.py import <type> <name> <id>")
    type_token, name, resource_id = args.args
    result = stack.import_resources(
        resources=[{"type": type_token, "name": name, "id": resource_id}],
        generate_code=False,
        on_output=on_output,
    )
    return changes(result.summary.resource_changes)


class StepRecorder:
    """The resource steps of a command, from the engine's events: op, URN, changed keys and how each ended
    (for a refresh, "same", "update" for drift, or "delete" for gone, with the output keys that drifted)."""

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def on_event(self, event: auto.EngineEvent) -> None:
        with self._lock:
            if event.resource_pre_event is not None:
                metadata = event.resource_pre_event.metadata
                if not is_default_provider(metadata.type, metadata.urn):
                    self.steps.append(
                        {
                            "op": str(metadata.op.value),
                            "urn": metadata.urn,
                            "type": metadata.type,
                            "name": metadata.urn.split("::")[-1],
                            "diffs": list(metadata.diffs or []),
                            "replaces": list(metadata.keys or []),
                        }
                    )
            if event.res_outputs_event is not None:
                metadata = event.res_outputs_event.metadata
                for step in reversed(self.steps):
                    if step["urn"] == metadata.urn and "result" not in step:
                        step["result"] = str(metadata.op.value)
                        if step["op"] == "refresh":
                            before = metadata.old.outputs if metadata.old else {}
                            after = metadata.new.outputs if metadata.new else {}
                            step["diffs"] = changed_keys(before or {}, after or {})
                        break


def changed_keys(before: dict, after: dict) -> list[str]:
    keys = set(before) | set(after)
    return sorted(key for key in keys if json.dumps(before.get(key)) != json.dumps(after.get(key)))


def is_default_provider(type_token: str, urn: str) -> bool:
    return type_token.startswith("pulumi:providers:") and urn.split("::")[-1].startswith("default")


def changes(summary: Optional[dict]) -> dict:
    return {str(getattr(op, "value", op)): count for op, count in (summary or {}).items()}


def stack_outputs(stack: auto.Stack) -> dict:
    return {key: "[secret]" if output.secret else output.value for key, output in stack.outputs().items()}


def split_pair(pair: str, flag: str) -> tuple[str, str]:
    key, separator, value = pair.partition("=")
    if not separator or not key:
        raise SystemExit(f"{flag} takes KEY=VALUE, got {pair!r}")
    return key, value


def state_dir(work_dir: str) -> str:
    path = os.path.join(os.path.abspath(work_dir), "state")
    os.makedirs(path, exist_ok=True)
    return path


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stack", default="dev", help="the stack's name (default dev)")
    parser.add_argument(
        "--work-dir",
        default=os.path.join(HERE, ".workspace"),
        help="the workspace: Pulumi.yaml, the stack's settings and config, and the file backend by default",
    )
    parser.add_argument("--config", action="append", default=[], metavar="KEY=VALUE", help="program config")
    parser.add_argument("--secret", action="append", default=[], metavar="KEY=ENV_VAR", help="secret config")
    parser.add_argument("--json", action="store_true", help="print one JSON line of results to stdout")
    parser.add_argument("command", choices=COMMANDS)
    parser.add_argument("args", nargs="*", help="import: <type> <name> <id>")
    return parser.parse_args()


if __name__ == "__main__":
    sys.exit(main())
