import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "policy/dist/",
      "node_modules/",
      "**/node_modules/",
      ".demo/",
      "coverage/",
      "bench/results/",
      // Stage folders of test and benchmark runs (test/support/packed-package.ts): staged programs, compiled.
      ".tmp/",
      "docs/api/",
      // The plugin's SDKs, as the code generators write them (`npm run sdk`); checked in unedited.
      "sdk/",
      // The YAML quickstart in other languages, as the generators write them (`npm run convert:yaml-quickstart`).
      "examples/yaml-quickstart/converted/",
      // The docs examples' programs, as the generators write them (`npm run examples`); checked in unedited.
      "provider/examples/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        console: "readonly",
        __dirname: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
);
