package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
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
        // The catalog
        //
        // Every app, with the auth schemes a connector of it can use.
        final var catalog = IntegrationsFunctions.getApps();

        ctx.export("apps", catalog);
    }
}
