// The quickstart on the provider plugin `integrations`, through its generated Java SDK
// (io.github.pulumi-integrations:integrations, sdk/java): the same stack as ../quickstart (dynamic resources),
// ../plugin-quickstart, ../python-quickstart and ../go-quickstart. The account is the stack config's
// (`integrations:apiKey`, a secret, and `integrations:baseUrl`), which the plugin's default provider reads.
package io.github.pulumiintegrations.quickstart;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.Connector;
import io.github.pulumiintegrations.integrations.ConnectorArgs;
import io.github.pulumiintegrations.integrations.IntegrationState;
import io.github.pulumiintegrations.integrations.IntegrationStateArgs;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.enums.IntegrationStateOnDelete;
import io.github.pulumiintegrations.integrations.inputs.GetConnectorArgs;
import io.github.pulumiintegrations.integrations.inputs.GetTriggersArgs;
import io.github.pulumiintegrations.integrations.outputs.ExpectedInputField;
import io.github.pulumiintegrations.integrations.outputs.Trigger;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    static void stack(Context ctx) {
        var config = ctx.config();
        var stack = ctx.stackName();

        // A connector this stack owns: created, updated in place (authConfig, enabled) and deleted with the
        // stack. Its authConfig holds the developer's own OAuth app; each end user signs in through a
        // ConnectedAccount. The client secret is an Output (a secret): the map that holds it is one too.
        var clientId = config.require("githubClientId");
        Output<Map<String, Object>> githubAuth = config.requireSecret("githubClientSecret")
            .applyValue(secret -> Map.<String, Object>of(
                "client_id", clientId,
                "client_secret", secret,
                "scopes", List.of("repo", "read:org")));
        var github = new Connector("github", ConnectorArgs.builder()
            .name("github-" + stack)
            .appName("github")
            .authScheme("OAUTH2")
            .authConfig(githubAuth)
            .build());

        // An API-key app: the connector takes no authConfig. Each end user's key goes in the `data` of a
        // ConnectedAccount of it (getConnector's expectedInputFields name the fields: here api_key).
        var linear = new Connector("linear", ConnectorArgs.builder()
            .name("linear-" + stack)
            .appName("linear")
            .authScheme("API_KEY")
            .build());

        // An integration created outside this stack: the stack manages only its enabled flag, and hands it back
        // as it found it when the stack is destroyed.
        var sharedSlack = new IntegrationState("shared-slack", IntegrationStateArgs.builder()
            .integrationId(config.require("sharedSlackIntegrationId"))
            .enabled(true)
            .onDelete(IntegrationStateOnDelete.Restore)
            .build());

        // The triggers the new connector can offer, read through the API once per run.
        var githubTriggers = IntegrationsFunctions.getTriggers(GetTriggersArgs.builder()
            .integrationIds(github.id().applyValue(List::of))
            .build());

        // A connector made outside the stack and brought in with
        // `pulumi import integrations:index:Connector existing <id>`: declared with the inputs it was made with,
        // it is then this stack's like the others (an API-key connector: the import reads all of them).
        config.get("existingConnectorName").ifPresent(existingName -> {
            var existing = new Connector("existing", ConnectorArgs.builder()
                .name(existingName)
                .appName("linear")
                .authScheme("API_KEY")
                .build());
            ctx.export("existingConnectorId", existing.id());
        });

        ctx.export("githubConnectorId", github.id());
        ctx.export("githubEnabled", github.enabled());
        // Catalog data, read with getConnector (not stored with the connector).
        var linearCatalog = IntegrationsFunctions.getConnector(GetConnectorArgs.builder()
            .id(linear.id())
            .build());
        ctx.export("linearExpectedInputs", linearCatalog.applyValue(catalog ->
            catalog.expectedInputFields().stream().map(ExpectedInputField::name).collect(Collectors.toList())));
        ctx.export("sharedSlackEnabled", sharedSlack.enabled());
        ctx.export("githubTriggerNames", githubTriggers.applyValue(result ->
            result.triggers().stream().map(Trigger::name).collect(Collectors.toList())));
    }
}
