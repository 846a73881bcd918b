package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.inputs.GetTriggerLogsArgs;
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
        // The newest trigger log entries
        //
        // The 20 newest entries of the account's trigger deliveries (give `connectionId` or `integrationId` for those
        // of one connected account or connector).
        final var recent = IntegrationsFunctions.getTriggerLogs(GetTriggerLogsArgs.builder()
            .maxItems(20)
            .build());

        ctx.export("logs", recent);
    }
}
