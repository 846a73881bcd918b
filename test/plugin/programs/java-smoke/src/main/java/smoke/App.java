// Stack outputs only: a plain one from config, a secret one from secret config, and one the program computes.
package smoke;

import com.pulumi.Pulumi;
import com.pulumi.core.Output;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var config = ctx.config();
            ctx.export("greeting", Output.of("hello, " + config.require("name")));
            ctx.export("token", config.requireSecret("token"));
            ctx.export("javaVersion", Output.of(Runtime.version().feature()));
            ctx.log().info("java-smoke ran on Java " + Runtime.version());
        });
    }
}
