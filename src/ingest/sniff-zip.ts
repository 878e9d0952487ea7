import { inflateRawSync } from 'node:zlib';

/**
 * Tells a Word document from any other ZIP archive while an upload streams in, from the bytes
 * the sniffer keeps: the archive's head and its tail. A DOCX names its main part's content type
 * in `[Content_Types].xml`; the test is the one file-type makes (the `…main+xml` content type),
 * done here synchronously because the sniffer must answer at once and file-type only has an
 * async API. Word writes that entry first; other writers (the `docx` package) last, just before
 * the central directory at the end, which lists where it is. zip-check.ts checks the whole file
 * with yauzl and file-type again before any parser reads it.
 */

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;
const CONTENT_TYPES = '[Content_Types].xml';
const LOCAL_HEADER_BYTES = 30;
const CENTRAL_HEADER_BYTES = 46;
const END_OF_DIRECTORY_BYTES = 22;
/** `[Content_Types].xml` is a few KiB; more is not a document we read. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;
const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

export type ZipVerdict = 'docx' | 'other' | 'unreadable';

export interface ZipWindows {
  /** The first bytes of the archive. */
  head: Uint8Array;
  /** The last bytes of the archive. */
  tail: Uint8Array;
  /** The archive's size. */
  size: number;
}

/** What the archive says it is, from its head and tail. */
export function zipVerdict(windows: ZipWindows): ZipVerdict {
  const head = asBuffer(windows.head);
  const inHead = findLocalHeader(head);
  if (inHead !== undefined) return verdictOf(contentTypesXml(head, inHead));

  // Not in the head: the central directory (in the tail) says where it is.
  const tail = asBuffer(windows.tail);
  const tailStart = windows.size - tail.length;
  const directory = centralDirectory(tail, tailStart);
  if (!directory) return 'unreadable';
  const offset = directory.get(CONTENT_TYPES);
  if (offset === undefined) return 'other';
  if (offset >= tailStart && isLocalHeader(tail, offset - tailStart)) return verdictOf(contentTypesXml(tail, offset - tailStart));
  // Somewhere in the middle: judge by the names, as file-type does when it cannot read the entry.
  return directory.has('word/document.xml') ? 'docx' : 'other';
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const verdictOf = (xml: string | undefined): ZipVerdict => (xml === undefined ? 'unreadable' : mainContentType(xml) === WORD_MAIN ? 'docx' : 'other');

function isLocalHeader(bytes: Buffer, at: number): boolean {
  return at >= 0 && at + LOCAL_HEADER_BYTES <= bytes.length && bytes.readUInt32LE(at) === 0x04034b50;
}

/** The local header of [Content_Types].xml in `bytes`: its name follows the 30-byte fixed part. */
function findLocalHeader(bytes: Buffer): number | undefined {
  const name = Buffer.from(CONTENT_TYPES, 'latin1');
  for (let at = bytes.indexOf(name); at !== -1; at = bytes.indexOf(name, at + 1)) {
    const header = at - LOCAL_HEADER_BYTES;
    if (isLocalHeader(bytes, header) && bytes.readUInt16LE(header + 26) === name.length) return header;
  }
  return undefined;
}

/** Entry names → local header offsets, when the end-of-directory record and the whole directory are in the tail. */
function centralDirectory(tail: Buffer, tailStart: number): Map<string, number> | undefined {
  let end = -1;
  for (let at = tail.length - END_OF_DIRECTORY_BYTES; at >= 0 && at >= tail.length - END_OF_DIRECTORY_BYTES - 0xffff; at--) {
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end === -1) return undefined;
  const count = tail.readUInt16LE(end + 10);
  const start = tail.readUInt32LE(end + 16) - tailStart;
  if (start < 0 || start > end) return undefined; // zip64, or a directory larger than the tail
  const entries = new Map<string, number>();
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > end || tail.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = tail.readUInt16LE(at + 28);
    const name = tail.toString('utf8', at + CENTRAL_HEADER_BYTES, at + CENTRAL_HEADER_BYTES + nameLength);
    entries.set(name, tail.readUInt32LE(at + 42));
    at += CENTRAL_HEADER_BYTES + nameLength + tail.readUInt16LE(at + 30) + tail.readUInt16LE(at + 32);
  }
  return entries;
}

function contentTypesXml(bytes: Buffer, header: number): string | undefined {
  const flags = bytes.readUInt16LE(header + 6);
  const method = bytes.readUInt16LE(header + 8);
  const compressed = bytes.readUInt32LE(header + 18);
  const start = header + LOCAL_HEADER_BYTES + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (flags & 0x1) return undefined; // encrypted
  // With bit 3 the sizes come after the data; deflate finds its own end, trailing bytes are ignored.
  const known = (flags & 0x8) === 0 || compressed > 0;
  const data = bytes.subarray(start, known ? start + compressed : bytes.length);
  try {
    if (method === 0) return known && data.length <= MAX_CONTENT_TYPES_BYTES ? data.toString('utf8') : undefined;
    if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_CONTENT_TYPES_BYTES }).toString('utf8');
  } catch {
    return undefined; // cut by the head, corrupt, or too large
  }
  return undefined;
}

/** The `ContentType` ending in `.main+xml`, as file-type reads it. */
function mainContentType(xml: string): string | undefined {
  const end = xml.indexOf('.main+xml"');
  if (end === -1) return undefined;
  const before = xml.slice(0, end);
  return `${before.slice(before.lastIndexOf('"') + 1)}.main+xml`;
}
