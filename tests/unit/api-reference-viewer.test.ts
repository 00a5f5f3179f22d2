import { describe, expect, it } from 'vitest';
import { documentForTag, forSwaggerUi } from '@/components/api-reference/viewer-document';
import { buildOpenApiDocument, referenceIndex } from '@/lib/openapi/document';

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
    expect(
      forSwaggerUi({
        openapi: '3.1.0',
        info: {},
        paths: {},
        components: {
          schemas: { X: { type: 'object', properties: { a: { anyOf: [{ $ref: '#/components/schemas/Y' }, { type: 'null' }] }, b: { type: ['string', 'null'] }, c: { type: 'null' } } } },
        },
      }),
    ).toEqual({
      openapi: '3.0.3',
      info: {},
      paths: {},
      components: {
        schemas: {
          X: {
            type: 'object',
            properties: { a: { anyOf: [{ $ref: '#/components/schemas/Y' }], nullable: true }, b: { type: 'string', nullable: true }, c: { nullable: true, enum: [null] } },
          },
        },
      },
    });
  });

  it('lists every operation of the document once in the index, in the order of the tags', () => {
    const index = referenceIndex();
    expect(index.map((t) => t.name)).toEqual((document.tags as Array<{ name: string }>).map((t) => t.name));
    const listed = index.flatMap((t) => t.operations.map((op) => `${op.method} ${op.path}`));
    const inDocument = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect([...listed].sort()).toEqual([...inDocument].sort());
    expect(index.find((t) => t.name === 'Platform')!.operations).toContainEqual({ method: 'GET', path: '/api/health', operationId: 'getApiHealth', summary: expect.stringContaining('503') });
  });

  it("gives a group's viewer only that group's operations and the components they reach", () => {
    const part = documentForTag(document, 'Wallets');
    const operations = Object.values(part.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap((item) => Object.values(item).filter((op) => op.tags));
    expect(operations.length).toBe(referenceIndex().find((t) => t.name === 'Wallets')!.operations.length);
    expect(operations.every((op) => op.tags!.includes('Wallets'))).toBe(true);
    expect(part.tags).toEqual([expect.objectContaining({ name: 'Wallets' })]);
    // every $ref resolves inside the part, and nothing unreferenced comes along
    const text = JSON.stringify(part);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/([^/"]+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`));
    const components = part.components as Record<string, Record<string, unknown>>;
    for (const ref of refs) expect(components[ref.split('/')[0]!]?.[ref.split('/')[1]!], ref).toBeDefined();
    const kept = Object.entries(components)
      .filter(([section]) => section !== 'securitySchemes')
      .flatMap(([section, entries]) => Object.keys(entries).map((name) => `${section}/${name}`));
    expect(kept.sort()).toEqual([...refs].sort());
    expect(components.securitySchemes).toEqual((document.components as Record<string, unknown>).securitySchemes);
    expect(text.length).toBeLessThan(JSON.stringify(document).length / 4);
    // a group's part converts like the whole
    expect(forSwaggerUi(part).openapi).toBe('3.0.3');
  });
});
