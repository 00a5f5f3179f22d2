import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { UserAdmin } from '@/components/users/user-admin';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Users' };
export const dynamic = 'force-dynamic';

export default async function UsersPage() {
  await requirePanelUser('user:manage');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Users" description="Administrators, compliance officers and employees of your tenant." />
      <UserAdmin />
    </div>
  );
}
