import { getConnectorDefinition, getTriggersDefinition } from "../../src/functions/definitions";
import { documentedResult } from "../../src/plugin/invoke-result";

describe("an invoke's result", () => {
  it("keeps only the documented keys, at every level, loose object types included", () => {
    const answer = {
      triggers: [
        {
          name: "T",
          display_name: "T",
          appId: "a",
          appKey: "k",
          appName: "github",
          config: { type: "object", properties: { repo: { type: "string" } } },
          token: "extra-undocumented-value",
        },
      ],
      page: 2,
    };
    expect(documentedResult("getTriggers", getTriggersDefinition.result, answer)).toEqual({
      triggers: [
        {
          name: "T",
          display_name: "T",
          appId: "a",
          appKey: "k",
          appName: "github",
          // A map's keys are its data.
          config: { type: "object", properties: { repo: { type: "string" } } },
        },
      ],
    });
    const connector = documentedResult("getConnector", getConnectorDefinition.result, {
      id: "c",
      name: "n",
      appId: "a",
      appName: "github",
      authConfig: { client_id: "x" },
      enabled: true,
      expectedInputFields: [{ name: "api_key", is_secret: true, undocumented: "y" }],
      defaultConnectorId: null,
      connectionParams: { access_token: "t" },
    });
    expect(connector).toEqual({
      id: "c",
      name: "n",
      appId: "a",
      appName: "github",
      authConfig: { client_id: "x" },
      enabled: true,
      expectedInputFields: [{ name: "api_key", is_secret: true }],
    });
  });

  it("fails, naming the key, when a documented key has another type", () => {
    expect(() =>
      documentedResult("getTriggers", getTriggersDefinition.result, { triggers: [{ name: 1 }] }),
    ).toThrow(
      /^getTriggers: the service's answer does not match the function's documented result \(triggers\.0\.name: /,
    );
  });
});
