import { z } from 'zod';
import { EVENT_DATA_SCHEMAS, EVENT_DESCRIPTIONS, EVENT_EXAMPLES, EVENT_TYPES } from '@/lib/contract/events';

/** The event catalogue as served to clients: type, meaning, JSON Schema of `data`, an example. */
export function eventCatalogue() {
  return {
    items: EVENT_TYPES.map((type) => ({
      type,
      description: EVENT_DESCRIPTIONS[type],
      // a JSON Schema document: an object of JSON values
      dataSchema: z.toJSONSchema(EVENT_DATA_SCHEMAS[type], { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
      example: EVENT_EXAMPLES[type],
    })),
    wildcards: [
      '*',
      ...new Set(
        EVENT_TYPES.flatMap((t) =>
          t
            .split('.')
            .slice(0, -1)
            .map((_, i, parts) => `${parts.slice(0, i + 1).join('.')}.*`),
        ),
      ),
    ],
  };
}
