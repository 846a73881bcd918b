package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.Connector;
import io.github.pulumiintegrations.integrations.ConnectorArgs;
import io.github.pulumiintegrations.integrations.ConnectedAccount;
import io.github.pulumiintegrations.integrations.ConnectedAccountArgs;
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
        final var aliceLinearKey = config.requireSecret("aliceLinearKey");
        var linear = new Connector("linear", ConnectorArgs.builder()
            .appName("linear")
            .authScheme("API_KEY")
            .build());

        var alice = new ConnectedAccount("alice", ConnectedAccountArgs.builder()
            .integrationId(linear.id())
            .entityId("alice")
            .labels("team-a")
            .data(Map.of("api_key", aliceLinearKey))
            .build());

        ctx.export("accountStatus", alice.status());
    }
}
