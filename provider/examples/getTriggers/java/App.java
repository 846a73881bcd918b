package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.inputs.GetTriggersArgs;
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
        // The triggers of some apps
        //
        // Each trigger's name (a TriggerInstance's `triggerName`) and the config schema an instance of it must meet.
        final var available = IntegrationsFunctions.getTriggers(GetTriggersArgs.builder()
            .appNames(            
                "github",
                "slack")
            .build());

        ctx.export("triggers", available);
    }
}
