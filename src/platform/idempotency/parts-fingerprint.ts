import { createHash } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';

/**
 * What a multipart body held, as one hash: each part in order, a field by its name and value, a
 * file by its field, its name as sent and the SHA-256 of its bytes. The handler that stores an
 * upload builds it as the files stream in; a retry with the same Idempotency-Key is read into it
 * (nothing stored) and gets the first answer only when both agree.
 */
export class PartsFingerprint {
  private readonly hash = createHash('sha256');

  field(name: string, value: string): void {
    this.hash.update(`field ${JSON.stringify(name)} ${JSON.stringify(value)}\n`);
  }

  file(field: string, fileName: string, sha256: string): void {
    this.hash.update(`file ${JSON.stringify(field)} ${JSON.stringify(fileName)} ${sha256}\n`);
  }

  digest(): string {
    return this.hash.digest('hex');
  }

  /** Reads a whole multipart body into a fingerprint, keeping nothing of it. */
  static async of(parts: AsyncIterable<Multipart>): Promise<string> {
    const fingerprint = new PartsFingerprint();
    for await (const part of parts) {
      if (part.type === 'field') {
        fingerprint.field(part.fieldname, String(part.value));
        continue;
      }
      const hash = createHash('sha256');
      for await (const chunk of part.file) hash.update(chunk as Buffer);
      fingerprint.file(part.fieldname, part.filename, hash.digest('hex'));
    }
    return fingerprint.digest();
  }
}
