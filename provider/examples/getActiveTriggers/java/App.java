package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.inputs.GetActiveTriggersArgs;
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
        // The active instances of a trigger
        //
        // Every page, up to 500 instances.
        final var active = IntegrationsFunctions.getActiveTriggers(GetActiveTriggersArgs.builder()
            .triggerNames("GITHUB_STAR_ADDED_EVENT")
            .maxItems(500)
            .build());

        ctx.export("instances", active);
    }
}
