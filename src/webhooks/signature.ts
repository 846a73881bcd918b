import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The Standard Webhooks `v1` signature: base64 of HMAC-SHA256 over `<id>.<timestamp>.<body>`, keyed with
 * the secret's UTF-8 bytes as they are (the service's `webhookSecret` is not a `whsec_` base64 key).
 * The body enters as its raw bytes: a JSON re-serialization or a lossy decoding would change them.
 */
export function signatureOf(secret: string, id: string, timestamp: string, body: string | Buffer): string {
  return createHmac("sha256", secret).update(`${id}.${timestamp}.`).update(body).digest("base64");
}

/**
 * Whether any `v1,<signature>` entry of the header equals the expected signature. Entries of other
 * versions (`v1a` is the asymmetric scheme) are skipped; each comparison is constant-time, so the time
 * taken does not tell an attacker how much of a guess was right.
 */
export function anySignatureMatches(header: string, expected: string): boolean {
  const wanted = Buffer.from(expected);
  return header
    .split(/\s+/)
    .filter((entry) => entry.startsWith("v1,"))
    .some((entry) => {
      const given = Buffer.from(entry.slice("v1,".length));
      // Every valid signature has the same length, so comparing lengths first reveals nothing.
      return given.length === wanted.length && timingSafeEqual(given, wanted);
    });
}
