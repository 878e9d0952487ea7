import fc from 'fast-check';

/**
 * Multipart uploads that break the format in the ways the issue lists: no boundary, a wrong
 * one, parts cut off, huge part headers, thousands of fields, and hostile file names, field
 * names and `replaces` values, around contents that are sometimes a real small CSV.
 */
const BOUNDARY = 'fuzzBoundary7MA4YWxk';

const fileName = fc.oneof(
  fc.constantFrom('a.csv', 'notes.md', '../../etc/passwd', 'a\u0000b.csv', '.csv', 'x'.repeat(3000) + '.csv', 'ünï‮cødé.txt', 'C:\\boot.ini', ''),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const contents = fc.oneof(
  fc.constant(Buffer.from('name,city\nMira Holt,Narvik\n')),
  fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
  fc.string({ unit: 'binary', maxLength: 500 }).map((s) => Buffer.from(s)),
);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  extraHeader?: string;
  data: Buffer;
}

const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ name: fc.constant('files'), filename: fileName, type: fc.constantFrom('text/csv', 'application/pdf', 'application/octet-stream', ''), data: contents }),
  fc.record({ name: fc.constant('replaces'), data: fc.oneof(fc.uuid(), fc.constantFrom('', 'x', '00000000-0000-0000-0000-000000000000')).map((s) => Buffer.from(s)) }),
  fc.record({ name: fc.string({ unit: 'binary', maxLength: 20 }), data: contents }),
  fc.record({ name: fc.constant('files'), filename: fc.constant('big-header.csv'), extraHeader: fc.integer({ min: 1000, max: 200_000 }).map((n) => `X-Pad: ${'p'.repeat(n)}`), data: contents }),
);

function encode(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name.replace(/["\r\n]/g, '_')}"${p.filename !== undefined ? `; filename="${p.filename.replace(/["\r\n]/g, '_')}"` : ''}`;
    const headers = [disposition, ...(p.type ? [`Content-Type: ${p.type}`] : []), ...(p.extraHeader ? [p.extraHeader] : [])];
    chunks.push(Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`), p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Thousands of small fields: a form that is cheap to send and must be cheap to refuse. */
const manyFields = fc.integer({ min: 1000, max: 5000 }).map((n) => Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, data: Buffer.from('v') })));

export function hostileMultipart(): fc.Arbitrary<{ bytes: Buffer; type?: string }> {
  const parts = fc.oneof({ weight: 6, arbitrary: fc.array(part, { minLength: 0, maxLength: 6 }) }, { weight: 1, arbitrary: manyFields });
  return fc.oneof(
    { weight: 4, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY), type: `multipart/form-data; boundary=${BOUNDARY}` })) },
    // Cut off anywhere: a part without its end, or the closing boundary missing.
    { weight: 3, arbitrary: fc.tuple(parts, fc.double({ min: 0, max: 1, noNaN: true })).map(([p, at]) => {
      const whole = encode(p, BOUNDARY);
      return { bytes: whole.subarray(0, Math.floor(whole.length * at)), type: `multipart/form-data; boundary=${BOUNDARY}` };
    }) },
    { weight: 1, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY), type: 'multipart/form-data' })) },
    { weight: 1, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY), type: 'multipart/form-data; boundary=somethingElse' })) },
    { weight: 1, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY), type: `multipart/form-data; boundary=${'b'.repeat(200)}` })) },
    { weight: 1, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY), type: `multipart/mixed; boundary=${BOUNDARY}` })) },
    { weight: 1, arbitrary: parts.map((p) => ({ bytes: encode(p, BOUNDARY) })) },
  );
}
