'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/input';
import { Field } from '@/components/ui/field';
import { QueryError, Section } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { AML_LIST_FORMAT_LABELS, AML_LIST_KIND_LABELS, type AmlEntry, type AmlList, type AmlListVersion } from '@/lib/contract/aml';
import { apiFetch, toQuery } from '@/lib/ui/fetcher';
import { EntryFacts, entityLabel, when } from './aml-ui';
import { CreateListForm, ImportListButton, ImportListForm, ThresholdSetting } from './list-forms';
import { LoadError, StaleBanner, loadFailed } from '@/components/ui/query-state';

/** "Version 3 · 120 entries, 180 names · 2 added, 1 changed, 0 removed · by Olga Owner, 2026-…" */
export function VersionSummary({ v }: { v: AmlListVersion }) {
  return (
    <span data-testid="version-summary">
      <strong>Version {v.versionNo}</strong> · {v.entryCount} {v.entryCount === 1 ? 'entry' : 'entries'}, {v.nameCount} {v.nameCount === 1 ? 'name' : 'names'} · {v.added} added, {v.changed}{' '}
      changed, {v.removed} removed · imported by {v.importedByName ?? 'the platform operator'}, {when(v.createdAt)}
    </span>
  );
}

export const scopeBadge = (l: AmlList) => (l.scope === 'PLATFORM' ? <Badge tone="info">Platform list</Badge> : <Badge tone="neutral">Our own list</Badge>);

/** The lists screened for the tenant: the platform's (read-only) and its own, each with its version in force; administrators create and import. */
export function AmlLists() {
  const me = useCurrentUser();
  const canConfigure = me.can('aml:configure');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<AmlList | null>(null);
  const lists = useQuery({ queryKey: ['aml-lists'], queryFn: () => apiFetch<{ items: AmlList[] }>('/api/v2.1/aml/lists') });
  return (
    <div className="space-y-6">
      <Section title="Lists" id="aml-lists" actions={canConfigure ? <Button onClick={() => setCreating(true)}>New list</Button> : null}>
        {lists.isPending ? <p className="text-sm text-ink-muted">Loading…</p> : null}
        <QueryError error={lists.error} />
        {lists.data && lists.data.items.length === 0 ? (
          <p className="text-sm text-ink-muted">No list yet. {canConfigure ? 'Create one and import its file.' : 'An administrator creates and imports them.'}</p>
        ) : null}
        <ul className="divide-y divide-slate-100" data-testid="aml-lists">
          {lists.data?.items.map((l) => (
            <li key={l.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm" data-testid="aml-list">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <Link href={`/aml/lists/${l.id}`} className="font-semibold text-brand-700 hover:underline">
                    {l.name}
                  </Link>
                  {scopeBadge(l)}
                  <Badge tone="neutral">{AML_LIST_KIND_LABELS[l.kind]}</Badge>
                  {l.enabled ? null : <Badge tone="bad">Switched off</Badge>}
                </p>
                <p className="text-ink-muted">{AML_LIST_FORMAT_LABELS[l.format]}</p>
                <p className="[overflow-wrap:anywhere]">
                  {l.currentVersion ? <VersionSummary v={l.currentVersion} /> : <span className="text-ink-muted">No version imported yet: nothing is screened against it.</span>}
                </p>
              </div>
              {canConfigure && l.scope === 'TENANT' ? (
                <Button variant="secondary" onClick={() => setImporting(l)} aria-label={`Import a new version of ${l.name}`}>
                  Import new version
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Match threshold" id="aml-threshold">
        <ThresholdSetting canConfigure={canConfigure} />
      </Section>
      <Dialog open={creating} onClose={() => setCreating(false)} title="New list">
        {creating ? (
          <CreateListForm
            onDone={(list) => {
              setCreating(false);
              if (list) setImporting(list);
            }}
          />
        ) : null}
      </Dialog>
      <Dialog open={importing !== null} onClose={() => setImporting(null)} title={importing ? `Import a new version of ${importing.name}` : 'Import'}>
        {importing ? <ImportListForm list={importing} onDone={() => setImporting(null)} /> : null}
      </Dialog>
    </div>
  );
}

const CHANGE_LABELS = { ADDED: 'Added', CHANGED: 'Changed', REMOVED: 'Removed' } as const;
const CHANGE_TONES = { ADDED: 'good', CHANGED: 'warn', REMOVED: 'bad' } as const;

/** What a version changed against the one before it. */
function VersionDifference({ listId, versionId }: { listId: string; versionId: string }) {
  const detail = useQuery({
    queryKey: ['aml-list-version', versionId],
    queryFn: () =>
      apiFetch<
        AmlListVersion & { changes: { change: 'ADDED' | 'CHANGED' | 'REMOVED'; entryId: string; sourceId: string; primaryName: string; entityType: string }[]; changesTruncated: boolean }
      >(`/api/v2.1/aml/lists/${listId}/versions/${versionId}`),
  });
  if (detail.isPending) return <p className="text-sm text-ink-muted">Loading…</p>;
  if (loadFailed(detail)) return <LoadError query={detail} />;
  const d = detail.data;
  return (
    <div className="space-y-2 text-sm" data-testid="version-difference">
      <p>
        <VersionSummary v={d} />
      </p>
      <p className="text-ink-muted [overflow-wrap:anywhere]">
        Files: {d.fileNames.join(', ')} · SHA-256 {d.sha256}
      </p>
      {d.changes.length === 0 ? <p className="text-ink-muted">No entry added, changed or removed.</p> : null}
      <ul className="divide-y divide-slate-100">
        {d.changes.map((c) => (
          <li key={`${c.change}-${c.entryId}`} className="flex flex-wrap items-center gap-2 py-1.5">
            <Badge tone={CHANGE_TONES[c.change]}>{CHANGE_LABELS[c.change]}</Badge>
            <span className="font-medium">{c.primaryName}</span>
            <span className="text-ink-muted">
              {entityLabel(c.entityType)} · entry {c.sourceId}
            </span>
          </li>
        ))}
      </ul>
      {d.changesTruncated ? <p className="text-ink-muted">Only the first {d.changes.length} changes are shown.</p> : null}
    </div>
  );
}

const ENTRY_PAGE = 20;

/** The entries in force, searchable by name, alias or entry id; each opens to its full facts. */
function EntriesBrowser({ listId }: { listId: string }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [includeRemoved, setIncludeRemoved] = useState(false);
  const [page, setPage] = useState(1);
  const query = toQuery({ q, includeRemoved: includeRemoved ? 'true' : undefined, page, pageSize: ENTRY_PAGE });
  const entries = useQuery({
    queryKey: ['aml-entries', listId, query],
    queryFn: () => apiFetch<{ items: AmlEntry[]; total: number }>(`/api/v2.1/aml/lists/${listId}/entries${query}`),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AmlEntry>[] = [
    {
      key: 'name',
      header: 'Entry',
      cell: (e) => (
        <details className="min-w-0">
          <summary className="cursor-pointer font-medium text-brand-700">
            {e.primaryName}
            {e.removed ? ' (removed)' : ''}
          </summary>
          <div className="mt-2">
            <EntryFacts entry={e} />
          </div>
        </details>
      ),
    },
    { key: 'id', header: 'Entry id', cell: (e) => <span className="font-mono">{e.sourceId}</span> },
    { key: 'type', header: 'Type', cell: (e) => entityLabel(e.entityType) },
    { key: 'aliases', header: 'Aliases', cell: (e) => e.names.length - 1 },
    { key: 'countries', header: 'Countries', cell: (e) => e.countries.join(', ') || '—' },
    { key: 'programs', header: 'Programs', cell: (e) => e.programs.join(', ') || '—' },
  ];
  return (
    <div className="space-y-3">
      <form
        role="search"
        aria-label="Search the entries"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          setPage(1);
        }}
      >
        <Field label="Name, alias or entry id" type="search" className="min-w-0 basis-full sm:basis-auto sm:flex-1" value={search} onChange={(e) => setSearch(e.target.value)} />
        <Checkbox label="Include removed entries" checked={includeRemoved} onChange={(e) => (setIncludeRemoved(e.target.checked), setPage(1))} className="pb-2" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <QueryError error={entries.error} />
      <DataTable
        caption="List entries"
        columns={columns}
        rows={entries.data?.items ?? []}
        rowKey={(e) => e.id}
        rowTestId="entry-row"
        page={page}
        pageSize={ENTRY_PAGE}
        total={entries.data?.total ?? 0}
        onPage={setPage}
        loading={entries.isPending}
        empty={q ? 'No entry matches.' : 'No entries in force.'}
      />
    </div>
  );
}

/** One list: its facts, every version with what it changed, and the entries in force. */
export function AmlListDetail({ listId }: { listId: string }) {
  const me = useCurrentUser();
  const [shown, setShown] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['aml-list', listId], queryFn: () => apiFetch<AmlList & { versions: AmlListVersion[] }>(`/api/v2.1/aml/lists/${listId}`) });
  if (list.isPending) return <p className="text-ink-muted">Loading…</p>;
  if (loadFailed(list)) return <LoadError query={list} />;
  const l = list.data;
  const selected = shown ?? l.currentVersion?.id ?? null;
  return (
    <div className="space-y-6">
      <StaleBanner query={list} what="the list" />
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-ink">{l.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            {scopeBadge(l)}
            <Badge tone="neutral">{AML_LIST_KIND_LABELS[l.kind]}</Badge>
            {l.enabled ? <Badge tone="good">Screened</Badge> : <Badge tone="bad">Switched off</Badge>}
            <span>{AML_LIST_FORMAT_LABELS[l.format]}</span>
          </p>
          {l.scope === 'PLATFORM' ? <p className="mt-1 text-sm text-ink-muted">The platform operator maintains this list; it is screened for every tenant.</p> : null}
        </div>
        {me.can('aml:configure') && l.scope === 'TENANT' ? <ImportListButton list={l} variant="primary" /> : null}
      </header>
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Section title="Versions" id="aml-versions">
          {l.versions.length === 0 ? <p className="text-sm text-ink-muted">No version imported yet.</p> : null}
          <ul className="divide-y divide-slate-100 text-sm" data-testid="aml-versions">
            {l.versions.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <VersionSummary v={v} />
                  {v.id === l.currentVersion?.id ? (
                    <>
                      {' '}
                      <Badge tone="good">In force</Badge>
                    </>
                  ) : null}
                </span>
                <Button variant="ghost" className="px-2 py-1" aria-pressed={selected === v.id} onClick={() => setShown(v.id)} aria-label={`Show what version ${v.versionNo} changed`}>
                  What changed
                </Button>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="What the version changed" id="aml-difference">
          {selected ? <VersionDifference listId={l.id} versionId={selected} /> : <p className="text-sm text-ink-muted">Nothing imported yet.</p>}
        </Section>
      </div>
      <Section title="Entries in force" id="aml-entries">
        <EntriesBrowser listId={l.id} />
      </Section>
    </div>
  );
}
