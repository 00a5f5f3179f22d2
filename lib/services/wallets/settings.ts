import type { LedgerSettings } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { getTransferSettings } from './transfers';
import { sandboxFundingEnabled } from './wallets';

/** Why sandbox funding is on or off here, in words a tenant administrator understands. */
export function sandboxFundingExplanation(): string {
  const env = getEnv();
  if (sandboxFundingEnabled()) {
    return env.SANDBOX_FUNDING === true
      ? 'Sandbox funding is switched on for this installation: it credits a wallet with demo money that never came from a bank.'
      : 'This is a test installation: sandbox funding credits a wallet with demo money that never came from a bank.';
  }
  return env.SANDBOX_FUNDING === false
    ? 'Sandbox funding is switched off for this installation. Wallets receive money only from real incoming payments and transfers.'
    : 'This is a production installation: wallets receive money only from real incoming payments and transfers, so sandbox funding is refused.';
}

// GET /ledger/settings
export async function ledgerSettings(db: DbOrTx, tenantId: string): Promise<LedgerSettings> {
  const { fourEyesThreshold } = await getTransferSettings(db, tenantId);
  return { sandboxFunding: { enabled: sandboxFundingEnabled(), explanation: sandboxFundingExplanation() }, fourEyesThreshold };
}
