/**
 * `integrations-import --logical-names`: the import file's logical names are the objects' own names by default,
 * or the variables' names, which pulumi-java's program generator (v1.16) gives the resources whatever the file
 * says; the notes tell a Java user to ask for those.
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

test("by default the logical names are the objects' names, each unique", () => {
  expect(names()).toEqual([
    ["githubBot", "github-bot"],
    ["githubBot2", "Github Bot-2"],
    ["callbackUrl", "callback-url"],
  ]);
});

test("with variables, each logical name is its entry's variable", () => {
  expect(names("variables")).toEqual([
    ["githubBot", "githubBot"],
    ["githubBot2", "githubBot2"],
    ["callbackUrl", "callbackUrl"],
  ]);
});

test("the notes send a Java user to --logical-names variables only when the names differ", () => {
  const notes = (logicalNames: "objects" | "variables") =>
    adoptionNotes(planAdoption(contents, { logicalNames }), "import.json", "http://127.0.0.1");
  expect(notes("objects")).toContain("integrations-import --logical-names variables");
  expect(notes("variables")).not.toContain("--logical-names");
});
