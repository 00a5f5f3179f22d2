import { createHash } from 'node:crypto';
import { MAX_DOCUMENT_BYTES } from '@/lib/contract/onboarding';
import { validationFailed } from '@/lib/contract/api-errors';

export interface DecodedDocument {
  content: Buffer;
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg';
  sizeBytes: number;
  sha256: string;
}

/** The file type by its first bytes; the declared name or type is never trusted. */
export function sniffMimeType(content: Buffer): DecodedDocument['mimeType'] | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  return null;
}

/** Decodes `documentFile` (base64, optionally a data: URL) and checks type and size. */
export function decodeDocument(documentFile: string, field: string): DecodedDocument {
  const base64 = documentFile.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw validationFailed([{ field, message: 'must be base64-encoded file content' }]);
  }
  const content = Buffer.from(base64, 'base64');
  if (content.length === 0) throw validationFailed([{ field, message: 'the file is empty' }]);
  if (content.length > MAX_DOCUMENT_BYTES) throw validationFailed([{ field, message: 'the file must be at most 5 MiB' }]);
  const mimeType = sniffMimeType(content);
  if (!mimeType) throw validationFailed([{ field, message: 'the file must be a PDF, PNG or JPEG' }]);
  return { content, mimeType, sizeBytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
}
