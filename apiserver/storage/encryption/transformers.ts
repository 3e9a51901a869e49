/**
 * Value transformers of encryption at rest, with upstream's stored formats:
 * `k8s:enc:aescbc:v1:<key>:` + IV (16) + AES-CBC/PKCS#7 ciphertext,
 * `k8s:enc:aesgcm:v1:<key>:` + nonce (12) + ciphertext + tag (16), and
 * `k8s:enc:secretbox:v1:<key>:` + nonce (24) + NaCl secretbox (tag (16) + ciphertext);
 * identity stores bytes as they are.
 */
import { createCipheriv, createDecipheriv, randomBytes, type CipherGCMTypes } from "node:crypto";
import nacl from "tweetnacl";

export interface Transformer {
  /** The stored prefix that marks this transformer's output ("" for identity). */
  readonly prefix: Buffer;
  encrypt(plain: Uint8Array): Uint8Array;
  /** `data` without the prefix. */
  decrypt(data: Uint8Array): Uint8Array;
}

export class IdentityTransformer implements Transformer {
  readonly prefix = Buffer.alloc(0);
  encrypt(plain: Uint8Array): Uint8Array {
    return plain;
  }
  decrypt(data: Uint8Array): Uint8Array {
    return data;
  }
}

const cbcAlg = (key: Buffer): string => `aes-${key.length * 8}-cbc`;
const gcmAlg = (key: Buffer): CipherGCMTypes => `aes-${key.length * 8}-gcm` as CipherGCMTypes;

export class AESCBCTransformer implements Transformer {
  readonly prefix: Buffer;
  constructor(
    name: string,
    private readonly key: Buffer,
  ) {
    this.prefix = Buffer.from(`k8s:enc:aescbc:v1:${name}:`);
  }
  encrypt(plain: Uint8Array): Uint8Array {
    const iv = randomBytes(16);
    const c = createCipheriv(cbcAlg(this.key), this.key, iv);
    return Buffer.concat([this.prefix, iv, c.update(plain), c.final()]);
  }
  decrypt(data: Uint8Array): Uint8Array {
    if (data.length < 32 || data.length % 16 !== 0) throw new Error("the stored data is not a multiple of the AES block size");
    const d = createDecipheriv(cbcAlg(this.key), this.key, data.subarray(0, 16));
    return Buffer.concat([d.update(data.subarray(16)), d.final()]);
  }
}

export class AESGCMTransformer implements Transformer {
  readonly prefix: Buffer;
  constructor(
    name: string,
    private readonly key: Buffer,
  ) {
    this.prefix = Buffer.from(`k8s:enc:aesgcm:v1:${name}:`);
  }
  encrypt(plain: Uint8Array): Uint8Array {
    const nonce = randomBytes(12);
    const c = createCipheriv(gcmAlg(this.key), this.key, nonce);
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([this.prefix, nonce, body, c.getAuthTag()]);
  }
  decrypt(data: Uint8Array): Uint8Array {
    if (data.length < 28) throw new Error("the stored data was shorter than the required size");
    const d = createDecipheriv(gcmAlg(this.key), this.key, data.subarray(0, 12));
    d.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([d.update(data.subarray(12, data.length - 16)), d.final()]);
  }
}

/**
 * XSalsa20-Poly1305 (NaCl secretbox) with a 32-byte key, as upstream's secretbox provider; Node's
 * crypto has no XSalsa20, hence tweetnacl. Its box is tag then ciphertext, the layout of Go's
 * x/crypto/nacl/secretbox, so the stored bytes are interchangeable with upstream's.
 */
export class SecretboxTransformer implements Transformer {
  readonly prefix: Buffer;
  constructor(
    name: string,
    private readonly key: Buffer,
  ) {
    this.prefix = Buffer.from(`k8s:enc:secretbox:v1:${name}:`);
  }
  encrypt(plain: Uint8Array): Uint8Array {
    const nonce = randomBytes(nacl.secretbox.nonceLength);
    return Buffer.concat([this.prefix, nonce, nacl.secretbox(plain, nonce, this.key)]);
  }
  decrypt(data: Uint8Array): Uint8Array {
    const n = nacl.secretbox.nonceLength;
    if (data.length < n + nacl.secretbox.overheadLength) throw new Error("the stored data was shorter than the required size");
    const plain = nacl.secretbox.open(data.subarray(n), data.subarray(0, n), this.key);
    if (!plain) throw new Error("output array was not large enough for encryption");
    return plain;
  }
}

/** A resource's providers: writes with the first, reads with whichever prefix matches. */
export class PrefixTransformers {
  constructor(private readonly list: readonly Transformer[]) {}

  write(plain: Uint8Array): Uint8Array {
    return this.list[0]!.encrypt(plain);
  }

  /** The plaintext, and whether it was stored by the writing transformer (else a write should redo it). */
  read(stored: Uint8Array): { plain: Uint8Array; stale: boolean } {
    const buf = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
    let lastError: Error | undefined;
    for (let i = 0; i < this.list.length; i++) {
      const t = this.list[i]!;
      if (t.prefix.length === 0) continue;
      if (!buf.subarray(0, t.prefix.length).equals(t.prefix)) continue;
      try {
        return { plain: t.decrypt(buf.subarray(t.prefix.length)), stale: i !== 0 };
      } catch (err) {
        lastError = err as Error;
      }
    }
    const identity = this.list.findIndex((t) => t.prefix.length === 0);
    if (identity >= 0 && !buf.subarray(0, 8).equals(Buffer.from("k8s:enc:"))) return { plain: stored, stale: identity !== 0 };
    throw new Error(
      lastError
        ? `failed to decrypt: ${lastError.message}`
        : "no matching prefix found: the data is encrypted with a provider not configured",
    );
  }
}
