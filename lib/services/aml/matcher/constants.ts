/**
 * The matcher's defaults (docs/aml-matcher.md). DEFAULT_MATCH_THRESHOLD was chosen from the labelled
 * evaluation set (tests/fixtures/aml/evaluation.json, `npm run aml:evaluate`): see the docs for the
 * precision and recall at it and at its neighbours.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.87;
/** Hits answered by one screening unless the caller asks for more. */
export const DEFAULT_HIT_LIMIT = 50;
