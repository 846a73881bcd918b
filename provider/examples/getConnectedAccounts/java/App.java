package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumiintegrations.integrations.IntegrationsFunctions;
import io.github.pulumiintegrations.integrations.inputs.GetConnectedAccountsArgs;
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
        // The connected accounts of the account
        //
        // The first 50 accounts end users connected, without their credentials (give `integrationId` for those of one
        // connector).
        final var connected = IntegrationsFunctions.getConnectedAccounts(GetConnectedAccountsArgs.builder()
            .maxItems(50)
            .build());

        ctx.export("accounts", connected);
    }
}
