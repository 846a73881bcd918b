/**
 * `integrations-import --logical-names`: the import file's logical names are, by default, its entries' variables
 * (derived from the objects' names), since pulumi-java's program generator (v1.16) names every resource after
 * its variable whatever the file's `logicalName` says; `objects` keeps the objects' own names for the languages
 * whose generated code keeps them, and the notes then warn a Java user.
 */
import { adoptionNotes } from "../../src/adoption/adoption-notes";
import { planAdoption } from "../../src/adoption/import-file";
import type { AccountContents } from "../../src/adoption/account-contents";

const contents: AccountContents = {
  accountId: "client_names",
  connectors: [
    { id: "c-1", name: "github-bot", appName: "github" },
    { id: "c-2", name: "Github Bot", appName: "github" },
  ],
  connectedAccounts: [],
  triggerInstances: [],
  callbackUrl: "https://hooks.example.com/names",
  apps: [],
};

const names = (logicalNames?: "objects" | "variables") =>
  planAdoption(contents, { logicalNames }).file.resources.map(({ name, logicalName }) => [name, logicalName]);

test("by default each logical name is its entry's variable, each unique", () => {
  const variables = [
    ["githubBot", "githubBot"],
    ["githubBot2", "githubBot2"],
    ["callbackUrl", "callbackUrl"],
  ];
  expect(names()).toEqual(variables);
  expect(names("variables")).toEqual(variables);
});

test("with objects, the logical names are the objects' own names", () => {
  expect(names("objects")).toEqual([
    ["githubBot", "github-bot"],
    ["githubBot2", "Github Bot-2"],
    ["callbackUrl", "callback-url"],
  ]);
});

test("the notes warn a Java user only when the logical names differ from the variables", () => {
  const notes = (logicalNames: "objects" | "variables") =>
    adoptionNotes(planAdoption(contents, { logicalNames }), "import.json", "http://127.0.0.1");
  expect(notes("objects")).toContain(
    "For a Java program, write this file again without `--logical-names objects`",
  );
  expect(notes("variables")).not.toContain("--logical-names");
});
