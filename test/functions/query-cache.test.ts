import { ApiClient } from "../../src/client";
import { getTriggers } from "../../src/functions";
import { QueryCache, serialized } from "../../src/functions/query-cache";
import { sendJson, startLocalServer } from "../client/local-server";

/** The data functions' cache: lifetime, memory bound, and copies. (Its use over HTTP: functions.test.ts.) */

function counter<T>(answer: () => T) {
  const calls = { n: 0 };
  const run = async () => {
    calls.n += 1;
    return serialized(answer());
  };
  return { calls, run };
}

describe("QueryCache", () => {
  it("answers a repeated query from the cache until its TTL ends, then asks again", async () => {
    let now = 1_000;
    const cache = new QueryCache({ ttlMs: 100, clock: () => now });
    const { calls, run } = counter(() => ({ triggers: [{ name: "A" }] }));
    await cache.get("q", run);
    now += 99;
    await expect(cache.get("q", run)).resolves.toEqual({ triggers: [{ name: "A" }] });
    expect(calls.n).toBe(1);
    now += 1;
    await cache.get("q", run);
    expect(calls.n).toBe(2);
  });

  it("shares one run between concurrent callers, each getting its own copy", async () => {
    const cache = new QueryCache();
    const { calls, run } = counter(() => ({ list: [1, 2, 3] }));
    const [a, b, c] = await Promise.all([cache.get("q", run), cache.get("q", run), cache.get("q", run)]);
    expect(calls.n).toBe(1);
    a.list.length = 0;
    b.list.push(4);
    expect(c.list).toEqual([1, 2, 3]);
    await expect(cache.get("q", run)).resolves.toEqual({ list: [1, 2, 3] });
  });

  it("keeps at most maxBytes of answers, dropping the oldest first", async () => {
    const cache = new QueryCache({ maxBytes: 10_000 });
    const big = (tag: string) => ({ tag, filler: "x".repeat(1_500) }); // ~3 KB of text each
    for (const tag of ["a", "b", "c", "d", "e"]) await cache.get(tag, async () => serialized(big(tag)));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(3);
    const { calls, run } = counter(() => big("a"));
    await cache.get("a", run); // dropped: asked again
    await cache.get("e", run); // kept
    expect(calls.n).toBe(1);
  });

  it("does not keep an answer larger than the whole bound, and stays within it", async () => {
    const cache = new QueryCache({ maxBytes: 1_000 });
    const { calls, run } = counter(() => "y".repeat(2_000));
    await cache.get("huge", run);
    await cache.get("huge", run);
    expect(calls.n).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it("forgets a failed query so that the next call tries again", async () => {
    const cache = new QueryCache();
    await expect(cache.get("q", () => Promise.reject(new Error("503")))).rejects.toThrow("503");
    await expect(cache.get("q", async () => serialized("ok"))).resolves.toBe("ok");
  });
});

describe("getTriggers through the cache", () => {
  it("gives a later caller the same answer, read again from the kept body (variants included)", async () => {
    const variant = { appId: "a", appKey: "k", appName: "n", name: "T", displayName: "D", logo: null };
    const server = await startLocalServer((_req, res) => sendJson(res, 200, { items: [variant] }));
    try {
      const client = new ApiClient({ baseUrl: server.url, apiKey: "cache-key" });
      const first = await getTriggers({ appNames: ["n"] }, { client });
      const second = await getTriggers({ appNames: ["n"] }, { client });
      expect(server.requests).toHaveLength(1);
      expect(first.triggers).toEqual([
        { appId: "a", appKey: "k", appName: "n", name: "T", displayName: "D", display_name: "D" },
      ]);
      expect(second).toEqual(first);
      expect(second.triggers[0]).not.toBe(first.triggers[0]);
      client.close();
    } finally {
      await server.close();
    }
  });
});
