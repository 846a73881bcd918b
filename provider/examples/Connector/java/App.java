package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.Connector;
import io.github.pulumiintegrations.integrations.ConnectorArgs;
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
        final var config = ctx.config();
        final var githubClientSecret = config.requireSecret("githubClientSecret");
        // The scopes every end user grants the app.
        final var scopes = List.of(        
            "repo",
            "read:org");

        var github = new Connector("github", ConnectorArgs.builder()
            .name("github-main")
            .appName("github")
            .authScheme("OAUTH2")
            .authConfig(Map.ofEntries(
                Map.entry("client_id", "Iv1.0123456789abcdef"),
                Map.entry("client_secret", githubClientSecret),
                Map.entry("scopes", scopes)
            ))
            .build());

        ctx.export("connectorId", github.id());
    }
}
