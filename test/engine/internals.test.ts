import { deletionOrder } from "./deletion-order";
import { checkFailureMessage, formatPropertyValue } from "./diagnostics";
import { annotateSecrets, changedKeys, makeSecret, unknownValue, unwrapSecrets } from "./properties";
import type { PropertyMap } from "./properties";
import { applyIgnoreChanges, matchesReplaceOnChanges } from "./property-paths";
import { PassphraseCrypter } from "./secrets";
import type { ResourceState } from "./state";

describe("test engine internals", () => {
  it("seals secrets like the passphrase provider: v1:nonce:ciphertext, openable only with the passphrase", async () => {
    const crypter = await PassphraseCrypter.create("correct horse");
    const sealed = crypter.encrypt('"hunter2"');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain("hunter2");
    const reopened = await PassphraseCrypter.create("correct horse", crypter.saltState);
    expect(reopened.decrypt(sealed)).toBe('"hunter2"');
    await expect(PassphraseCrypter.create("wrong", crypter.saltState)).rejects.toThrow(
      "incorrect passphrase",
    );
  });

  it("prints CheckFailures as the CLI does, never a secret value", () => {
    const inputs: PropertyMap = {
      name: "x",
      key: makeSecret("s3cr3t"),
      tags: ["a", "b"],
      opts: { b: 1, a: true },
    };
    const failure = (property: string): string =>
      checkFailureMessage("pkg:mod:Res", "r", inputs, { property, reason: "bad" });
    expect(failure("name")).toBe("pkg:mod:Res resource 'r's property 'name' value {x} has a problem: bad");
    expect(failure("key")).toBe("pkg:mod:Res resource 'r's property 'key' value [secret] has a problem: bad");
    expect(failure("")).toBe("pkg:mod:Res resource 'r' has a problem: bad");
    expect(formatPropertyValue(inputs.tags)).toBe("{[{a} {b}]}");
    expect(formatPropertyValue(inputs.opts)).toBe("{map[a:{true} b:{1}]}");
    expect(formatPropertyValue(undefined)).toBe("{<nil>}");
  });

  it("re-marks outputs secret where the same-named input was, at any depth", () => {
    const ins: PropertyMap = { token: makeSecret("t"), auth: { secret: makeSecret("s"), plain: "p" } };
    const outs = annotateSecrets({ token: "t", auth: { secret: "s", plain: "p" }, extra: 1 }, ins);
    expect(outs).toEqual({ ...ins, extra: 1 });
    expect(unwrapSecrets(outs)).toEqual({ token: "t", auth: { secret: "s", plain: "p" }, extra: 1 });
  });

  it("finds changed keys, secrets compared by value and unknowns always changed", () => {
    expect(changedKeys({ a: "1", b: makeSecret("2"), c: 3 }, { a: "1", b: "2", d: 4 })).toEqual(["c", "d"]);
    expect(changedKeys({ a: "1" }, { a: unknownValue })).toEqual(["a"]);
  });

  it("applies ignoreChanges paths and matches replaceOnChanges", () => {
    const olds: PropertyMap = { a: "old", nested: { x: 1, y: 2 } };
    const news: PropertyMap = { a: "new", nested: { x: 9, y: 9 }, b: "added" };
    expect(applyIgnoreChanges(news, olds, ["a", "nested.x", "b"])).toEqual({
      a: "old",
      nested: { x: 1, y: 9 },
    });
    expect(matchesReplaceOnChanges(["a", "b"], ["b.inner"])).toEqual(["b"]);
    expect(matchesReplaceOnChanges(["a", "b"], ["*"])).toEqual(["a", "b"]);
  });

  it("orders deletions dependents first, whatever the kind of dependency", () => {
    const resource = (urn: string, extra: Partial<ResourceState> = {}): ResourceState => ({
      urn,
      custom: true,
      type: "t",
      inputs: {},
      outputs: {},
      dependencies: [],
      propertyDependencies: {},
      ...extra,
    });
    const provider = resource("prov");
    const parent = resource("parent");
    const child = resource("child", { parent: "parent", provider: "prov::id-1" });
    const user = resource("user", { propertyDependencies: { v: ["child"] } });
    const independent = resource("independent");
    // State order deliberately wrong, so only the dependencies can produce the right answer.
    const order = deletionOrder([user, child, parent, provider, independent]).map((r) => r.urn);
    expect(order.indexOf("user")).toBeLessThan(order.indexOf("child"));
    expect(order.indexOf("child")).toBeLessThan(order.indexOf("parent"));
    expect(order.indexOf("child")).toBeLessThan(order.indexOf("prov"));
  });
});
