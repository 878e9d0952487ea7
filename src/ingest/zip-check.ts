import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { IngestRejection } from './types.js';
import type { IngestLimits } from './types.js';

/**
 * Checks a DOCX's ZIP archive before any parser opens it, so a zip bomb is refused for what it
 * declares and, since declarations can lie, for what it really inflates to:
 * - at most zipMaxEntries entries;
 * - declared inflated sizes summing to at most zipMaxInflatedBytes, each entry's declared
 *   inflated/compressed ratio at most zipMaxRatio;
 * - every entry inflated as a stream and counted, stopping as soon as the total passes
 *   zipMaxInflatedBytes (yauzl also fails an entry whose real size differs from its declared one);
 * - a word/document.xml, and file-type reading the archive as a Word document.
 * Nothing inflated is kept. Any failure is an IngestRejection at `extracting_text`.
 */

export type ZipLimits = Pick<IngestLimits, 'zipMaxEntries' | 'zipMaxInflatedBytes' | 'zipMaxRatio'>;

const reject = (reason: string) => new IngestRejection('extracting_text', reason);
const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export async function checkDocxZip(options: { bytes: Uint8Array; limits: ZipLimits }): Promise<void> {
  const { bytes, limits } = options;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw reject('the DOCX is not a readable ZIP archive');
  }
  try {
    const entries = await declaredEntries(zip, limits);
    if (!entries.some((entry) => entry.fileName === 'word/document.xml')) throw reject('the DOCX has no word/document.xml: it is not a Word document');
    await countInflated(zip, entries, limits);
  } finally {
    zip.close();
  }
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type?.ext !== 'docx') throw reject('a ZIP archive that is not a Word document');
}

/** The entries, each checked for what it declares, before anything is inflated. */
async function declaredEntries(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  if (zip.entryCount > limits.zipMaxEntries) {
    throw reject(`the DOCX has ${zip.entryCount} files inside, more than ${limits.zipMaxEntries} (INGEST_ZIP_MAX_ENTRIES)`);
  }
  const entries: Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entries.length >= limits.zipMaxEntries) {
        throw reject(`the DOCX has more than ${limits.zipMaxEntries} files inside (INGEST_ZIP_MAX_ENTRIES)`);
      }
      if (entry.isEncrypted()) throw reject('the DOCX is encrypted');
      declared += entry.uncompressedSize;
      if (declared > limits.zipMaxInflatedBytes) {
        throw reject(`the DOCX would inflate to more than ${mb(limits.zipMaxInflatedBytes)} (INGEST_ZIP_MAX_INFLATED_BYTES)`);
      }
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (ratio > limits.zipMaxRatio) {
        throw reject(`${entry.fileName} in the DOCX inflates ${Math.round(ratio)} times its size, more than ${limits.zipMaxRatio} (INGEST_ZIP_MAX_RATIO)`);
      }
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof IngestRejection) throw error;
    throw reject('the DOCX is not a readable ZIP archive');
  }
  return entries;
}

/** Inflates every entry as a stream, counting; stops at the first byte past the limit. */
async function countInflated(zip: ZipFile, entries: Entry[], limits: ZipLimits): Promise<void> {
  let total = 0;
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue; // a directory
    let stream: Readable;
    try {
      stream = await zip.openReadStreamPromise(entry);
    } catch {
      throw reject(`${entry.fileName} in the DOCX cannot be read`);
    }
    try {
      for await (const data of stream) {
        total += (data as Buffer).length;
        if (total > limits.zipMaxInflatedBytes) {
          throw reject(`the DOCX inflates to more than ${mb(limits.zipMaxInflatedBytes)} (INGEST_ZIP_MAX_INFLATED_BYTES)`);
        }
      }
    } catch (error) {
      if (error instanceof IngestRejection) throw error;
      throw reject(`${entry.fileName} in the DOCX is damaged or does not match its declared size`);
    } finally {
      stream.destroy();
    }
  }
}
