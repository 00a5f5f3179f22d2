/**
 * The rule on a category's key values, shared by the registration service (which answers 400
 * "categorization validation failed" with missingKeys and invalidValues) and the wizards (which
 * show the same messages on the fields before sending): every mandatory key of the category's
 * enabled features needs a value, within the feature's allowed values where it lists them.
 */
export interface CategoryFeatureRule {
  mandatoryKeys: readonly string[];
  allowedValues: Record<string, readonly string[]>;
}

export function checkCategoryParameters(features: readonly CategoryFeatureRule[], parameters: Record<string, string | undefined>) {
  const missingKeys: string[] = [];
  const invalidValues: Record<string, string> = {};
  for (const feature of features) {
    for (const key of feature.mandatoryKeys) {
      const value = parameters[key];
      if (value === undefined || value === '') {
        if (!missingKeys.includes(key)) missingKeys.push(key);
        continue;
      }
      const allowed = feature.allowedValues[key];
      if (allowed && !allowed.includes(value)) invalidValues[key] = `"${value}" is not allowed; allowed values: ${allowed.join(', ')}`;
    }
  }
  return { missingKeys, invalidValues };
}

const ACRONYMS = new Set(['EEA', 'EU', 'UK', 'US', 'PEP', 'KYC', 'KYB', 'VAT', 'IBAN']);

/** A key or value in words: "employmentStatus" → "Employment status", "SELF_EMPLOYED" → "Self employed", "100K_1M" stays. */
export function humanize(key: string): string {
  if (/^[A-Z0-9_]+$/.test(key)) {
    if (/\d/.test(key)) return key.replaceAll('_', '–');
    if (ACRONYMS.has(key)) return key;
    const words = key.toLowerCase().replaceAll('_', ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
