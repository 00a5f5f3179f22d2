import type { Metadata } from 'next';
import { ProductList } from '@/components/products/product-list';
import { PageHeader } from '@/components/ui/page-header';
import { requirePanelUser } from '@/lib/auth/panel';

export const metadata: Metadata = { title: 'Products' };
export const dynamic = 'force-dynamic';

export default async function ProductsPage() {
  await requirePanelUser('tenant:staff');
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Products"
        description="What wallets and cards open on: a wallet product’s fees on payouts and transfers and its default limits; a card product’s BIN range, spending limits and merchant categories."
      />
      <ProductList />
    </div>
  );
}
