import { and, eq } from 'drizzle-orm';
import { cards, type CardControls, type CardRow } from '@/lib/db/schema';
import { findCard, NOT_CANCELED, requireStatus, type OpContext, type OpHandler } from './core';

/** Merchant category, country, channel and alert controls: one JSON document on the card. */

type ControlOp = 'control/mcc/update' | 'control/country/update' | 'control/channel/update' | 'control/alert/update';

async function updateControls<N extends ControlOp>(c: OpContext<N>, change: (current: CardControls) => CardControls) {
  const card: CardRow = await findCard(c, c.body.cardNo);
  requireStatus(card, NOT_CANCELED);
  const controls = change(card.controls);
  await c.tx
    .update(cards)
    .set({ controls, updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  return controls;
}

const uniq = <T>(values: T[]) => [...new Set(values)];

const info: OpHandler<'control/info'> = async (c) => (await findCard(c, c.body.cardNo, false)).controls;

/** An allow/block rule: a member left out keeps its value; allowed null means everything. */
type Rule = { allowed: string[] | null; blocked: string[] };
const updateRule = (cur: Rule, change: { allowed?: string[] | null; blocked?: string[] }): Rule => ({
  allowed: change.allowed === undefined ? cur.allowed : change.allowed && uniq(change.allowed),
  blocked: change.blocked === undefined ? cur.blocked : uniq(change.blocked),
});

const mcc: OpHandler<'control/mcc/update'> = (c) => updateControls(c, (cur) => ({ ...cur, mcc: updateRule(cur.mcc, c.body) }));
const country: OpHandler<'control/country/update'> = (c) => updateControls(c, (cur) => ({ ...cur, country: updateRule(cur.country, c.body) }));

const channel: OpHandler<'control/channel/update'> = (c) =>
  updateControls(c, (cur) => ({
    ...cur,
    channel: {
      ecommerce: c.body.ecommerce ?? cur.channel.ecommerce,
      atm: c.body.atm ?? cur.channel.atm,
      contactless: c.body.contactless ?? cur.channel.contactless,
      international: c.body.international ?? cur.channel.international,
    },
  }));

const alert: OpHandler<'control/alert/update'> = (c) =>
  updateControls(c, (cur) => ({
    ...cur,
    alerts: {
      lowBalancePercent: c.body.lowBalancePercent === undefined ? cur.alerts.lowBalancePercent : c.body.lowBalancePercent,
      notifyOnAuthorization: c.body.notifyOnAuthorization ?? cur.alerts.notifyOnAuthorization,
    },
  }));

export const controlHandlers = {
  'control/info': info,
  'control/mcc/update': mcc,
  'control/country/update': country,
  'control/channel/update': channel,
  'control/alert/update': alert,
};
