import { z } from 'zod';

/**
 * Strict request bodies (docs/errors.md, "Text and strict bodies"): every object of a request
 * schema refuses keys it does not declare, at any depth, as Stripe refuses an "unknown parameter".
 * Schemas in lib/contract are written once with z.object (shared by the response side, the forms and
 * the OpenAPI document); the request side applies strictInput() centrally: createRoute() parses
 * every route's body with it, the card gateway every operation's body, and the OpenAPI generator
 * renders request bodies from it, so the document says `additionalProperties: false` exactly where
 * the server refuses extra keys.
 *
 * An object that declares its own catchall (z.looseObject, .catchall(...)) keeps it: it accepts
 * extra keys on purpose. Records keep arbitrary keys; their values are made strict.
 */
const cache = new WeakMap<z.ZodType, z.ZodType>();

type AnyDef = Record<string, unknown> & { type: string };

export function strictInput<T extends z.ZodType>(schema: T): T {
  const known = cache.get(schema);
  if (known) return known as T;
  const def = (schema as unknown as { _zod: { def: AnyDef } })._zod.def;
  // copy the def with its property descriptors: zod keeps some members as getters (a default value is
  // cloned on every read), which a spread would freeze into one shared instance
  const rebuild = (changes: Record<string, unknown>): z.ZodType => {
    const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(def)) as AnyDef;
    for (const [name, value] of Object.entries(changes)) Object.defineProperty(copy, name, { value, writable: true, enumerable: true, configurable: true });
    return (schema as unknown as { clone: (d: AnyDef) => z.ZodType }).clone(copy);
  };
  let out: z.ZodType;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictInput(value)]));
      const catchall = def.catchall as z.ZodType | undefined;
      out = rebuild({ shape: strictShape, catchall: catchall ? strictInput(catchall) : z.never() });
      break;
    }
    case 'array':
      out = rebuild({ element: strictInput(def.element as z.ZodType) });
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      out = rebuild({ innerType: strictInput(def.innerType as z.ZodType) });
      break;
    case 'union':
      out = rebuild({ options: (def.options as z.ZodType[]).map((o) => strictInput(o)) });
      break;
    case 'pipe':
      out = rebuild({ in: strictInput(def.in as z.ZodType), out: strictInput(def.out as z.ZodType) });
      break;
    case 'record':
      out = rebuild({ valueType: strictInput(def.valueType as z.ZodType) });
      break;
    case 'tuple':
      out = rebuild({ items: (def.items as z.ZodType[]).map((i) => strictInput(i)), rest: def.rest ? strictInput(def.rest as z.ZodType) : def.rest });
      break;
    case 'lazy': {
      const getter = def.getter as () => z.ZodType;
      out = rebuild({ getter: () => strictInput(getter()) });
      break;
    }
    default:
      // scalars, enums, literals, transforms, intersections (strict sides would refuse each other's keys)
      out = schema;
  }
  // metadata (.describe/.meta) lives in the global registry, keyed by the instance: carry it over
  // (without an `id`: component ids are unique, and the strict copy is not that component)
  const meta = z.globalRegistry.get(schema);
  if (out !== schema && meta) {
    const { id: _id, ...rest } = meta;
    void _id;
    if (Object.keys(rest).length) z.globalRegistry.add(out, rest);
  }
  cache.set(schema, out);
  return out as T;
}
