package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.inputs.GetConnectorArgs;
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
        // A connector made elsewhere, by its exact name
        //
        // Its id and its visible settings: a possibly secret value of its authConfig is never part of the result.
        final var github = IntegrationsFunctions.getConnector(GetConnectorArgs.builder()
            .name("github-shared")
            .build());

        ctx.export("connectorId", github.applyValue(_github -> _github.id()));
        ctx.export("authScheme", github.applyValue(_github -> _github.authScheme()));
    }
}
