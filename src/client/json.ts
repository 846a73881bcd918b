/** A response body read as text, parsed; undefined when empty or not JSON. */
export function parseJson(data: unknown): unknown {
  if (typeof data !== "string") return data ?? undefined;
  if (data.trim() === "") return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
