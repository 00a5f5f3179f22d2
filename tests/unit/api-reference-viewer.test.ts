import { describe, expect, it } from 'vitest';
import { forSwaggerUi } from '@/components/api-reference/viewer-document';
import { buildOpenApiDocument } from '@/lib/openapi/document';

/** The reference page's copy of the document, in OpenAPI 3.0 terms (components/api-reference/viewer-document.ts). */
describe('the API reference viewer document', () => {
  const document = buildOpenApiDocument();
  const viewer = forSwaggerUi(document);

  it('says OpenAPI 3.0.3 and spells the 3.1-only keywords the 3.0 way, leaving the served document as it was', () => {
    expect([viewer.openapi, document.openapi]).toEqual(['3.0.3', '3.1.0']);
    const text = JSON.stringify(viewer);
    for (const keyword of ['"const"', '"type":"null"', '"contentMediaType"', '"propertyNames"', '"identifier"']) expect(text, keyword).not.toContain(keyword);
    expect(JSON.stringify(document)).toContain('"const"');
    expect(Object.keys(viewer.paths as object)).toEqual(Object.keys(document.paths as object));
  });

  it('keeps what each keyword said', () => {
    const schemas = (viewer.components as { schemas: Record<string, { properties: Record<string, unknown>; example?: unknown }> }).schemas;
    expect(schemas.CardBusinessError!.properties).toMatchObject({ success: { enum: [false] }, code: { enum: [-1] } });
    expect(schemas.CardBusinessError!.example).toEqual({ success: false, code: -1, msg: 'card not found', data: { reason: 'CARD_NOT_FOUND' } });
    expect(forSwaggerUi({ openapi: '3.1.0', info: {}, paths: {}, components: { schemas: { X: { type: 'object', properties: { a: { anyOf: [{ $ref: '#/components/schemas/Y' }, { type: 'null' }] }, b: { type: ['string', 'null'] }, c: { type: 'null' } } } } } })).toEqual({
      openapi: '3.0.3',
      info: {},
      paths: {},
      components: { schemas: { X: { type: 'object', properties: { a: { anyOf: [{ $ref: '#/components/schemas/Y' }], nullable: true }, b: { type: 'string', nullable: true }, c: { nullable: true, enum: [null] } } } } },
    });
  });
});
