import * as pulumi from "@pulumi/pulumi";

/** Runs the data functions as inside a Pulumi program (not a preview), with mocked resources. */
export function mockPulumiProgram(): Promise<void> {
  return pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: (args) => args.inputs },
    "functions-test",
    "dev",
    false,
  );
}

/** The value of an Output once known (the program is not a preview, so it always is). */
export function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}
