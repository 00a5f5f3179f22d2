'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCurrentUser } from '@/components/shell/user-context';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/input';
import { FormAlert, QueryError } from '@/components/ui/page-header';
import { DataTable, type Column } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { ADMIN_ROLES } from '@/lib/contract/enums';
import { createUserBodySchema, setRolesBodySchema, type adminUserSchema } from '@/lib/contract/identity';
import { apiFetch, errorMessage, toQuery } from '@/lib/ui/fetcher';
import { useContractForm } from '@/lib/ui/use-contract-form';

type AdminUser = z.infer<typeof adminUserSchema>;
type RolesValues = z.input<typeof setRolesBodySchema>;
const PAGE_SIZE = 20;
const roleLabel = (r: string) => r.replaceAll('_', ' ').toLowerCase();
const optText = { setValueAs: (v: unknown) => (v === '' ? undefined : v) };

function RoleBoxes({ register, error }: { register: ReturnType<typeof useForm<{ roles: string[] }>>['register']; error?: string }) {
  return (
    <fieldset aria-describedby={error ? 'roles-error' : undefined}>
      <legend className="text-sm font-medium text-ink">Roles</legend>
      <div className="mt-1 grid gap-1 sm:grid-cols-2">
        {ADMIN_ROLES.map((r) => (
          <label key={r} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={r} className="h-4 w-4" {...register('roles')} />
            {roleLabel(r)}
          </label>
        ))}
      </div>
      <p id="roles-error" role={error ? 'alert' : undefined} className={error ? 'mt-1 text-xs font-medium text-rose-700' : 'sr-only'}>
        {error ?? ''}
      </p>
    </fieldset>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const {
    form,
    alert,
    submit,
    errors: e,
    pending,
  } = useContractForm(createUserBodySchema, { username: '', email: '', password: '', roles: ['EMPLOYEE'] }, async (values) => {
    await apiFetch('/api/v2.1/admin/users', { method: 'POST', json: values });
    await client.invalidateQueries({ queryKey: ['admin-users'] });
    toast('success', `User ${values.username} created`);
    onDone();
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Username" autoComplete="off" error={e.username?.message} {...form.register('username')} />
        <Field label="Email" type="email" autoComplete="off" error={e.email?.message} {...form.register('email')} />
        <Field label="First name" error={e.firstName?.message} {...form.register('firstName', optText)} />
        <Field label="Last name" error={e.lastName?.message} {...form.register('lastName', optText)} />
        <Field label="Initial password" type="password" autoComplete="new-password" className="sm:col-span-2" error={e.password?.message} {...form.register('password')} />
      </div>
      <RoleBoxes register={form.register as never} error={e.roles?.message ?? e.roles?.root?.message} />
      <DialogActions onCancel={onDone} pending={pending} label="Create user" pendingLabel="Creating…" />
    </form>
  );
}

function RolesForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const { form, alert, submit, errors, pending } = useContractForm(setRolesBodySchema, { roles: user.roles.filter((r) => r !== 'CUSTOMER') as RolesValues['roles'] }, async (values) => {
    await apiFetch(`/api/v2.1/admin/users/${user.id}/roles`, { method: 'PUT', json: values });
    await client.invalidateQueries({ queryKey: ['admin-users'] });
    toast('success', `Roles of ${user.username} saved`);
    onDone();
  });
  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-3">
      <FormAlert messages={alert} />
      <RoleBoxes register={form.register as never} error={errors.roles?.message ?? errors.roles?.root?.message} />
      <DialogActions onCancel={onDone} pending={pending} label="Save roles" />
    </form>
  );
}

/** Administrator users: list (search, role, active), create with roles, change roles, disable/enable, unlock. */
export function UserAdmin() {
  const me = useCurrentUser();
  const client = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const query = toQuery({ q, role, pageNo: page, pageSize: PAGE_SIZE });
  const users = useQuery({
    queryKey: ['admin-users', query],
    queryFn: () => apiFetch<{ items: AdminUser[]; total: number }>(`/api/v2.1/admin/users${query}`),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: (v: { user: AdminUser; op: 'disable' | 'enable' | 'unlock' }) => apiFetch(`/api/v2.1/admin/users/${v.user.id}/${v.op}`, { method: 'POST' }),
    onSuccess: async (_r, v) => {
      toast('success', `${v.user.username}: ${v.op === 'unlock' ? 'unlocked' : `${v.op}d`}`);
      await client.invalidateQueries({ queryKey: ['admin-users'] });
    },
    onError: (e) => toast('error', errorMessage(e)),
  });
  const columns: Column<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <span>
          <span className="block font-medium">{u.fullName || u.username}</span>
          <span className="block text-xs text-ink-muted">
            {u.username} · {u.email}
          </span>
        </span>
      ),
    },
    { key: 'roles', header: 'Roles', cell: (u) => u.roles.map(roleLabel).join(', ') },
    {
      key: 'state',
      header: 'State',
      cell: (u) => (
        <span className="flex flex-wrap gap-1">
          <Badge status={u.isActive ? 'ACTIVE' : 'DISABLED'}>{u.isActive ? 'active' : 'disabled'}</Badge>
          {u.locked ? <Badge status="LOCKED">locked</Badge> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) =>
        u.id === me.userId ? (
          <span className="text-xs text-ink-muted">you</span>
        ) : (
          <span className="flex flex-wrap gap-1">
            <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(u)}>
              Roles<span className="sr-only"> of {u.username}</span>
            </Button>
            <Button variant="ghost" className="px-2 py-1" disabled={act.isPending} onClick={() => act.mutate({ user: u, op: u.isActive ? 'disable' : 'enable' })}>
              {u.isActive ? 'Disable' : 'Enable'}
              <span className="sr-only"> {u.username}</span>
            </Button>
            {u.locked ? (
              <Button variant="ghost" className="px-2 py-1" disabled={act.isPending} onClick={() => act.mutate({ user: u, op: 'unlock' })}>
                Unlock<span className="sr-only"> {u.username}</span>
              </Button>
            ) : null}
          </span>
        ),
    },
  ];
  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Filter users"
        className="grid gap-3 rounded-xl bg-white p-4 shadow-card sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search.trim());
          setPage(1);
        }}
      >
        <Field label="Search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <SelectField label="Role" value={role} onChange={(e) => (setRole(e.target.value), setPage(1))} options={ADMIN_ROLES} placeholder="Any role" />
        <div className="flex items-end gap-2">
          <Button type="submit" variant="secondary">
            Search
          </Button>
          <Button type="button" onClick={() => setCreating(true)}>
            New user
          </Button>
        </div>
      </form>
      <QueryError error={users.error} />
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.items ?? []}
        rowKey={(u) => u.id}
        page={page}
        pageSize={PAGE_SIZE}
        total={users.data?.total ?? 0}
        onPage={setPage}
        loading={users.isPending}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New user">
        <CreateUserForm onDone={() => setCreating(false)} />
      </Dialog>
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Roles of ${editing?.username ?? ''}`}>
        {editing ? <RolesForm user={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
    </div>
  );
}
