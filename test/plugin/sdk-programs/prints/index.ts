// What a program prints reaches the CLI's output, as the real Node.js language host makes it.
import "@pulumi-integrations/sdk";

console.log("prints: a line on stdout");
console.error("prints: a line on stderr");
