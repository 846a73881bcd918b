/** The link check's reading of a page (test/docs/support/markdown.ts), on a page written for it. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { anchorsOf, linksOf, namedPathsOf } from "./support/markdown";

const PAGE = [
  "# Adopting an account: `integrations-import`",
  "## Names, autonaming and replacements",
  "## Names, autonaming and replacements",
  "See [the guide](docs/guides/x.md#a-b), [here](#top) and [the site](https://example.com/x).",
  "```md",
  "[not a link](missing.md) and test/not/a/path.ts",
  "## Not a heading",
  "```",
  "It runs test/docs/links.test.ts, and test/plugin/programgen*.test.ts.",
].join("\n");

describe("reading a Markdown page for its links", () => {
  it("takes GitHub's anchors of its headings, a repeated one numbered, none from code", () => {
    const file = join(mkdtempSync(join(tmpdir(), "markdown-")), "page.md");
    writeFileSync(file, PAGE);
    expect([...anchorsOf(file)]).toEqual([
      "adopting-an-account-integrations-import",
      "names-autonaming-and-replacements",
      "names-autonaming-and-replacements-1",
    ]);
  });

  it("takes relative links and named paths outside code blocks, with their lines", () => {
    expect(linksOf(PAGE)).toEqual([
      { target: "docs/guides/x.md#a-b", line: 4 },
      { target: "#top", line: 4 },
    ]);
    expect(namedPathsOf(PAGE, ["test"])).toEqual([
      { target: "test/docs/links.test.ts", line: 9 },
      { target: "test/plugin/programgen", line: 9 },
    ]);
  });
});
