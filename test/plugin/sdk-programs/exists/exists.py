"""`<Resource>.exists(id)` of the generated Python SDK, run as an Automation API inline program: a preview, then
an up, each printed as one JSON line (the preview's change summary, the up's outputs).

    python exists.py <work dir>

The ids come from the environment: EXISTING_WEBHOOK_ID, MISSING_CONNECTOR_ID, OTHER_ACCOUNT_CONNECTOR_ID. The
account is the default provider's, from INTEGRATIONS_API_KEY and INTEGRATIONS_BASE_URL.
"""

import json
import os
import sys

import pulumi
import pulumi_integrations as integrations
from pulumi import automation as auto


def program() -> None:
    made = integrations.Connector("made", app_name="linear", auth_scheme="API_KEY")
    pulumi.export("made", integrations.Connector.exists(made.id))
    pulumi.export("madeId", made.id)
    pulumi.export("missing", integrations.Connector.exists(os.environ["MISSING_CONNECTOR_ID"]))
    pulumi.export("otherAccount", integrations.Connector.exists(os.environ["OTHER_ACCOUNT_CONNECTOR_ID"]))
    pulumi.export("callbackUrl", integrations.TriggerWebhook.exists(os.environ["EXISTING_WEBHOOK_ID"]))


def main() -> None:
    stack = auto.create_or_select_stack(
        stack_name="dev",
        project_name="exists",
        program=program,
        opts=auto.LocalWorkspaceOptions(
            work_dir=sys.argv[1],
            project_settings=auto.ProjectSettings(name="exists", runtime="python"),
        ),
    )
    preview = stack.preview()
    print(json.dumps({"preview": dict(preview.change_summary)}))
    up = stack.up()
    print(json.dumps({"outputs": {key: output.value for key, output in up.outputs.items()}}))


if __name__ == "__main__":
    main()
