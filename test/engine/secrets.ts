/**
 * The passphrase secrets provider, as in pulumi/pulumi sdk/go/common/resource/config/crypt.go: a key
 * derived with PBKDF2-SHA256 (1,000,000 iterations, 32 bytes) from the passphrase and an 8-byte salt,
 * values sealed with AES-256-GCM and written `v1:<nonce>:<ciphertext+tag>` (base64). The stack's salt state
 * is `v1:<salt>:` followed by the encryption of "pulumi", which proves a passphrase right or wrong.
 */
import { createCipheriv, createDecipheriv, pbkdf2, randomBytes } from "node:crypto";

const iterations = 1_000_000;
const keyBytes = 32;
const nonceBytes = 12;
const tagBytes = 16;
const verifier = "pulumi";

/** Derivations cost ~0.3 s each; tests reuse a passphrase and salt many times in one process. */
const keyCache = new Map<string, Promise<Buffer>>();

export class PassphraseCrypter {
  private constructor(
    private readonly key: Buffer,
    readonly saltState: string,
  ) {}

  /** Opens an existing stack's secrets (`saltState` from its checkpoint) or starts a new one. */
  static async create(passphrase: string, saltState?: string): Promise<PassphraseCrypter> {
    if (saltState === undefined) {
      const salt = randomBytes(8);
      const key = await deriveKey(passphrase, salt);
      const sealed = seal(key, verifier);
      return new PassphraseCrypter(key, `v1:${salt.toString("base64")}:${sealed}`);
    }
    const [version, salt, ...check] = saltState.split(":");
    if (version !== "v1" || salt === undefined) throw new Error("unsupported passphrase salt state");
    const key = await deriveKey(passphrase, Buffer.from(salt, "base64"));
    let opened: string | undefined;
    try {
      opened = open(key, check.join(":"));
    } catch {
      opened = undefined;
    }
    if (opened !== verifier) throw new Error("incorrect passphrase");
    return new PassphraseCrypter(key, saltState);
  }

  encrypt(plaintext: string): string {
    return seal(this.key, plaintext);
  }

  decrypt(ciphertext: string): string {
    return open(this.key, ciphertext);
  }
}

function deriveKey(passphrase: string, salt: Buffer): Promise<Buffer> {
  const cacheKey = `${salt.toString("base64")}\u0000${passphrase}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = new Promise<Buffer>((resolve, reject) =>
      pbkdf2(passphrase, salt, iterations, keyBytes, "sha256", (err, derived) =>
        err ? reject(err) : resolve(derived),
      ),
    );
    keyCache.set(cacheKey, key);
  }
  return key;
}

function seal(key: Buffer, plaintext: string): string {
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${nonce.toString("base64")}:${body.toString("base64")}`;
}

function open(key: Buffer, sealed: string): string {
  const [version, nonce, body] = sealed.split(":");
  if (version !== "v1" || nonce === undefined || body === undefined) throw new Error("malformed ciphertext");
  const bytes = Buffer.from(body, "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
  decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
  return Buffer.concat([
    decipher.update(bytes.subarray(0, bytes.length - tagBytes)),
    decipher.final(),
  ]).toString("utf8");
}
