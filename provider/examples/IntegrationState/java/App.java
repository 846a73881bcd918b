package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationState;
import io.github.pulumiintegrations.integrations.IntegrationStateArgs;
import io.github.pulumiintegrations.integrations.enums.IntegrationStateOnDelete;
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
        final var sharedIntegrationId = config.require("sharedIntegrationId");
        var shared = new IntegrationState("shared", IntegrationStateArgs.builder()
            .integrationId(sharedIntegrationId)
            .enabled(false)
            .onDelete(IntegrationStateOnDelete.Restore)
            .build());

        ctx.export("enabledBefore", shared.priorEnabled());
    }
}
