import type { CellValue, DocumentFacts, ExtractedDocument, Evidence } from '../types.js';
import { linkTypeOf } from './text-patterns.js';
import { baseName, labelOf, propertyNameOf, relationshipTypeOf, slug } from '../names.js';
import { FactsBuilder, propertyValue } from './facts-builder.js';

/**
 * A CSV, exactly. An edge list (`source,target[,type]` or `subject,predicate,object`) becomes
 * relationships between the nodes its ends name. Any other table with a header becomes one node
 * per row: its key from an id/key column (else its name), its label from a type/label column
 * (else the file's name, made singular), its other columns typed properties, except a column
 * whose values are all keys of this file's rows: that one is a relationship named after it.
 */

const KEY_COLUMNS = ['id', 'key', 'uuid', 'identifier'];
const NAME_COLUMNS = ['name', 'title', 'label_name'];
const LABEL_COLUMNS = ['type', 'label', 'kind'];

const find = (columns: string[], names: string[]) => columns.find((c) => names.includes(c.trim().toLowerCase()));
const text = (value: CellValue | undefined) => (value === null || value === undefined ? '' : String(value).trim());

export function extractCsv(options: { document: ExtractedDocument; sourceName?: string; onProgress?: (done: number, total: number) => void }): DocumentFacts {
  const { document, onProgress } = options;
  const table = document.table;
  const builder = new FactsBuilder();
  if (!table || table.rows.length === 0) return builder.finish();
  const evidenceOf = (row: number, confidence = 1): Evidence => {
    const block = document.blocks[row];
    return {
      chunk: -1,
      start: block?.offset ?? 0,
      end: (block?.offset ?? 0) + (block?.text.length ?? 0),
      snippet: (block?.text ?? '').slice(0, 200),
      extractor: 'csv',
      confidence,
    };
  };
  const lower = table.columns.map((c) => c.trim().toLowerCase());
  const source = find(table.columns, ['source', 'from', 'subject']);
  const target = find(table.columns, ['target', 'to', 'object']);
  if (source && target && table.columns.length <= 4) {
    edgeList({ table, source, target, builder, evidenceOf, onProgress, typeColumn: find(table.columns, ['type', 'predicate', 'relation', 'relationship']) });
    return builder.finish();
  }

  const keyColumn = find(table.columns, KEY_COLUMNS);
  const nameColumn = find(table.columns, NAME_COLUMNS);
  const labelColumn = find(table.columns, LABEL_COLUMNS);
  const fileLabel = labelOf(baseName(options.sourceName ?? ''), { singular: true }) ?? 'Thing';
  const idColumn = keyColumn ?? nameColumn;
  if (!idColumn) {
    builder.warnings.push('The CSV has no id, key or name column: its rows name no node, so nothing was taken from it.');
    return builder.finish();
  }
  const keys = new Set(table.rows.map((r) => text(r[idColumn])).filter((k) => k !== ''));
  // A column whose values are all other rows' keys links rows, rather than describing them; numbers
  // only when the column says it holds ids (`manager_id`), or an `age` that matches numeric ids would link.
  const referenceColumns = table.columns.filter((c) => {
    if (c === idColumn || c === nameColumn || c === labelColumn) return false;
    const cells = table.rows.map((r) => r[c]).filter((v) => v !== null && v !== undefined && text(v) !== '');
    const namedAsReference = /(^|[_\s-])(id|key|ref)$|[a-z](Id|Key|Ref)$/.test(c.trim());
    if (cells.some((v) => typeof v === 'number') && !namedAsReference) return false;
    return cells.length > 0 && cells.every((v) => keys.has(text(v))) && linkTypeOf(c) !== undefined;
  });
  const refOf = (id: string) => `csv:${id}`;
  const labelOfRow = (row: Record<string, CellValue>) => (labelColumn ? labelOf(text(row[labelColumn])) : undefined) ?? fileLabel;
  const labelById = new Map(table.rows.map((r) => [text(r[idColumn]), labelOfRow(r)]));

  table.rows.forEach((row, i) => {
    const id = text(row[idColumn]);
    if (id === '') return;
    const label = labelById.get(id)!;
    const properties: Record<string, ReturnType<typeof propertyValue>> = {};
    table.columns.forEach((column, c) => {
      if (column === idColumn || column === nameColumn || column === labelColumn || referenceColumns.includes(column)) return;
      if (KEY_COLUMNS.includes(lower[c]!)) return;
      const name = propertyNameOf(column);
      const value = propertyValue(row[column]);
      if (name && value !== undefined && name !== 'name') properties[name] = value;
    });
    builder.entity({
      ref: refOf(id),
      labels: [label],
      name: nameColumn ? text(row[nameColumn]) || id : id,
      // The row's id names exactly one node; a name column stands in for it as a slug.
      key: `${slug(label)}:${keyColumn ? id : slug(id)}`,
      properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== undefined)) as Record<string, never>,
      mentions: 1,
      evidence: [evidenceOf(i)],
    });
    if (i % 1000 === 0) onProgress?.(i, table.rows.length);
  });
  table.rows.forEach((row, i) => {
    const from = text(row[idColumn]);
    if (from === '') return;
    for (const column of referenceColumns) {
      const to = text(row[column]);
      if (to !== '') builder.relation(refOf(from), linkTypeOf(column)!, refOf(to), evidenceOf(i));
    }
  });
  onProgress?.(table.rows.length, table.rows.length);
  return builder.finish();
}

function edgeList(options: {
  table: NonNullable<ExtractedDocument['table']>;
  source: string;
  target: string;
  typeColumn?: string;
  builder: FactsBuilder;
  evidenceOf: (row: number) => Evidence;
  onProgress?: (done: number, total: number) => void;
}): void {
  const { table, source, target, typeColumn, builder, evidenceOf, onProgress } = options;
  const properties = table.columns.filter((c) => c !== source && c !== target && c !== typeColumn);
  table.rows.forEach((row, i) => {
    const from = text(row[source]);
    const to = text(row[target]);
    if (from === '' || to === '') return;
    const type = (typeColumn ? relationshipTypeOf(text(row[typeColumn])) : undefined) ?? 'RELATED_TO';
    const evidence = evidenceOf(i);
    for (const end of [from, to]) {
      builder.entity({ ref: `end:${end}`, labels: ['Thing'], name: end, properties: {}, mentions: 1, reference: true, evidence: [evidence] });
    }
    const props = Object.fromEntries(
      properties.flatMap((c) => {
        const name = propertyNameOf(c);
        const value = propertyValue(row[c]);
        return name && value !== undefined ? [[name, value]] : [];
      }),
    );
    builder.relation(`end:${from}`, type, `end:${to}`, evidence, props);
    if (i % 1000 === 0) onProgress?.(i, table.rows.length);
  });
  onProgress?.(table.rows.length, table.rows.length);
}
