/**
 * examples/java-quickstart: the quickstart as a Java program of the plugin's generated Java SDK (sdk/java,
 * installed with Maven against com.pulumi:pulumi from Maven Central), run by the real CLI through the real
 * `pulumi-language-java` (built from pulumi-java's Go module, tools/pulumi-java), against the provider plugin
 * installed from its tarball: up, a no-op up, a no-change preview, refresh after drift, import, destroy.
 */
import { join } from "node:path";
import { javaQuickstartStack } from "./support/java-program";
import { describeQuickstart } from "./support/quickstart-scenario";

const EXAMPLE = join(__dirname, "..", "..", "examples", "java-quickstart");

describeQuickstart(
  "Java",
  "integrations-java-quickstart",
  (account) => javaQuickstartStack(EXAMPLE, account),
  {
    noChangePreview: true,
    // The program builds the whole map inside the client secret's apply: the map is secret, no value plain.
    givenPlain: [],
  },
);
