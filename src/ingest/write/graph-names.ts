/**
 * How a document shows in the graph: its node's key and label, the provenance of each version's
 * facts, and the relationship from a document to what it mentions. Read by the writer and by
 * the parts that look at what documents made.
 */

export const documentProvenance = (docId: string, version: number) => `document:${docId}@${version}`;
export const documentNodeKey = (docId: string) => `document:${docId}`;
export const DOCUMENT_LABEL = 'Document';
export const MENTIONS = 'MENTIONS';
