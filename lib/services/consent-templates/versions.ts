import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CONSENT_TYPES, type ConsentType } from '@/lib/contract/enums';
import type { ReconsentItem } from '@/lib/contract/consent-templates';
import type { DbOrTx } from '@/lib/db/client';
import { consentTexts } from '@/lib/db/schema';

/** Hex SHA-256 of a text's UTF-8 bytes: the proof of which text was shown. */
export const textSha256 = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');

export interface PublishedVersion {
  id: string;
  consentType: ConsentType;
  version: string;
  title: string;
  body: string;
  sha256: string;
  material: boolean;
  publishedAt: Date;
  createdAt: Date;
}

/**
 * What is in force for one kind: the newest published version, and the time of the newest material
 * one (the baseline): an acceptance of a version published before the baseline no longer counts.
 */
export interface KindInForce<V extends VersionFacts = PublishedVersion> {
  inForce: V;
  baselineAt: Date;
  /** every published version by its label */
  versions: Map<string, V>;
}
export type ConsentIndex<V extends VersionFacts = PublishedVersion> = Map<ConsentType, KindInForce<V>>;

/** What re-consent needs of a published version: its kind, label, whether it was material, and when. */
export type VersionFacts = Pick<PublishedVersion, 'consentType' | 'version' | 'material' | 'publishedAt' | 'createdAt'>;

const newerFirst = (a: VersionFacts, b: VersionFacts) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime();

/** Every published version of the tenant, per kind (a handful of rows). */
export async function consentIndex(db: DbOrTx, tenantId: string, only?: ConsentType): Promise<ConsentIndex> {
  const rows = await db
    .select({
      id: consentTexts.id,
      consentType: consentTexts.consentType,
      version: consentTexts.version,
      title: consentTexts.title,
      body: consentTexts.body,
      sha256: consentTexts.sha256,
      material: consentTexts.material,
      publishedAt: consentTexts.publishedAt,
      createdAt: consentTexts.createdAt,
    })
    .from(consentTexts)
    .where(and(eq(consentTexts.tenantId, tenantId), eq(consentTexts.status, 'PUBLISHED'), only ? eq(consentTexts.consentType, only) : undefined));
  return indexVersions(rows.flatMap((r) => (r.publishedAt ? [{ ...r, consentType: r.consentType as ConsentType, publishedAt: r.publishedAt }] : [])));
}

/** The index of published versions per kind, from their rows (the customer 360 reads them in its own statement). */
export function indexVersions<V extends VersionFacts>(rows: V[]): ConsentIndex<V> {
  const index: ConsentIndex<V> = new Map();
  for (const type of CONSENT_TYPES) {
    const versions = rows.filter((r) => r.consentType === type).sort(newerFirst);
    if (!versions.length) continue;
    const baseline = versions.find((v) => v.material) ?? versions[versions.length - 1]!;
    index.set(type, { inForce: versions[0]!, baselineAt: baseline.publishedAt, versions: new Map(versions.map((v) => [v.version, v])) });
  }
  return index;
}

/**
 * The consents a customer accepted in a version older than the material version in force, from the
 * latest record of each kind. A version the index does not know (none today) is left as it is.
 */
export function outdatedConsents(index: ConsentIndex<VersionFacts>, latest: { consentType: string; status: string; version: string }[]): ReconsentItem[] {
  return latest.flatMap((r) => {
    const kind = index.get(r.consentType as ConsentType);
    if (!kind || r.status !== 'ACCEPTED') return [];
    const at = kind.versions.get(r.version)?.publishedAt;
    if (!at || at.getTime() >= kind.baselineAt.getTime()) return [];
    return [{ consentType: r.consentType as ConsentType, acceptedVersion: r.version, versionInForce: kind.inForce.version }];
  });
}

/** The next version label: a material change raises the major (2.0), an editorial one the minor (1.1). */
export function nextVersion(current: string | null, material: boolean): string {
  const [major, minor] = (current ?? '0.0').split('.').map((n) => Number.parseInt(n, 10) || 0) as [number, number];
  return material ? `${major + 1}.0` : `${major}.${(minor ?? 0) + 1}`;
}
