import type { Metadata } from 'next';
import { ADMINS } from '@/components/shell/nav-items';
import { PageHeader } from '@/components/ui/page-header';
import { UserAdmin } from '@/components/users/user-admin';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Users' };
export const dynamic = 'force-dynamic';

export default async function UsersPage() {
  await requirePanelUser(ADMINS);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Users" description="Administrators, compliance officers and employees of your tenant." />
      <UserAdmin />
    </div>
  );
}
