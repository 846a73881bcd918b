package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.TriggerWebhook;
import io.github.pulumiintegrations.integrations.TriggerWebhookArgs;
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
        // The account's callback URL
        //
        // Where the service POSTs every trigger event, and the secret that signs each delivery (for verifyWebhook).
        // On delete the URL found before is put back.
        var events = new TriggerWebhook("events", TriggerWebhookArgs.builder()
            .url("https://hooks.example.com/events")
            .build());

        ctx.export("webhookSecret", events.webhookSecret());
    }
}
