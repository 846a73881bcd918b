package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.Connector;
import io.github.pulumiintegrations.integrations.ConnectorArgs;
import io.github.pulumiintegrations.integrations.ConnectedAccount;
import io.github.pulumiintegrations.integrations.ConnectedAccountArgs;
import io.github.pulumiintegrations.integrations.TriggerInstance;
import io.github.pulumiintegrations.integrations.TriggerInstanceArgs;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        // A trigger on an end user's GitHub account
        //
        // A GitHub connector on the service's own OAuth app, Alice's account connected through it (she signs in at
        // its `redirectUrl`), and a trigger that sends an event to the account's callback URL (see TriggerWebhook)
        // whenever someone stars the repository. The trigger's config is checked against the trigger's schema.
        var github = new Connector("github", ConnectorArgs.builder()
            .appName("github")
            .authScheme("OAUTH2")
            .useServiceAuth(true)
            .build());

        var alice = new ConnectedAccount("alice", ConnectedAccountArgs.builder()
            .integrationId(github.id())
            .entityId("alice")
            .redirectUri("https://app.example.com/connected")
            .build());

        var stars = new TriggerInstance("stars", TriggerInstanceArgs.builder()
            .connectedAccountId(alice.id())
            .triggerName("GITHUB_STAR_ADDED_EVENT")
            .triggerConfig(Map.ofEntries(
                Map.entry("owner", "octocat"),
                Map.entry("repo", "hello-world")
            ))
            .build());

        ctx.export("signInUrl", alice.redirectUrl());
        ctx.export("triggerInstanceId", stars.id());
    }
}
