import {
  createdWebhookSubscriptionSchema,
  deletedSubscriptionSchema,
  eventCatalogueSchema,
  webhookDeliverySchema,
  createWebhookSubscriptionBodySchema,
  deliveryParamsSchema,
  listDeliveriesQuerySchema,
  listWebhookSubscriptionsQuerySchema,
  recoverBodySchema,
  recoverResultSchema,
  rotatedSecretSchema,
  rotateSecretBodySchema,
  subscriptionIdParamsSchema,
  testEventBodySchema,
  testEventResultSchema,
  updateWebhookSettingsBodySchema,
  updateWebhookSubscriptionBodySchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookSettingsSchema,
  webhookSubscriptionPageSchema,
  webhookSubscriptionSchema,
} from '../webhooks';
import { conflict } from '../api-errors';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- webhooks
const hook = { tags: ['Webhooks'], auth: 'bearer', allow: 'webhook:manage', rateLimit: 'webhooks' } as const;
const eventTypes = defineRoute({
  ...hook,
  method: 'GET',
  path: '/api/v2.1/webhooks/event-types',
  summary: 'The event catalogue: every type a subscription can name',
  response: eventCatalogueSchema,
});

const getSettings = defineRoute({ ...hook, method: 'GET', path: '/api/v2.1/webhooks/settings', summary: "The tenant's webhook settings", response: webhookSettingsSchema });

const updateSettings = defineRoute({
  ...hook,
  method: 'PUT',
  path: '/api/v2.1/webhooks/settings',
  summary: 'Allow http:// endpoints for testing (https only otherwise)',
  message: 'webhook settings updated',
  body: updateWebhookSettingsBodySchema,
  response: webhookSettingsSchema,
});

const listSubscriptions = defineRoute({
  ...hook,
  method: 'GET',
  path: '/api/v2.1/webhooks/subscriptions',
  summary: "The tenant's webhook subscriptions (paged, filter by enabled)",
  query: listWebhookSubscriptionsQuerySchema,
  response: webhookSubscriptionPageSchema,
});

const createSubscription = defineRoute({
  ...hook,
  method: 'POST',
  path: '/api/v2.1/webhooks/subscriptions',
  idempotency: true,
  summary: 'Create a webhook subscription (contract endpoint 6)',
  message: 'webhook subscription created',
  description: 'The signing secret (`secretKey`) is in this answer only. Optional `X-User-ID` must name the signed-in user.',
  body: createWebhookSubscriptionBodySchema,
  response: createdWebhookSubscriptionSchema,
});

const getSubscription = defineRoute({
  ...hook,
  method: 'GET',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}',
  summary: 'One subscription (never its secret)',
  params: subscriptionIdParamsSchema,
  response: webhookSubscriptionSchema,
});

const updateSubscription = defineRoute({
  ...hook,
  method: 'PATCH',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}',
  summary: 'Change name, description, URL, events, retry settings, verifySsl, enabled',
  message: 'webhook subscription updated',
  params: subscriptionIdParamsSchema,
  body: updateWebhookSubscriptionBodySchema,
  response: webhookSubscriptionSchema,
});

const deleteSubscription = defineRoute({
  ...hook,
  method: 'DELETE',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}',
  summary: 'Delete a subscription with its deliveries',
  message: 'webhook subscription deleted',
  params: subscriptionIdParamsSchema,
  response: deletedSubscriptionSchema,
});

const listDeliveries = defineRoute({
  ...hook,
  method: 'GET',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries',
  summary: 'Deliveries, newest first (filter by status, eventType; paged)',
  params: subscriptionIdParamsSchema,
  query: listDeliveriesQuerySchema,
  response: webhookDeliveryPageSchema,
});

const getDelivery = defineRoute({
  ...hook,
  method: 'GET',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}',
  summary: 'One delivery with its payload and attempts',
  params: deliveryParamsSchema,
  response: webhookDeliveryDetailSchema,
});

const replayDelivery = defineRoute({
  ...hook,
  method: 'POST',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/replay',
  summary: 'Send the event again as a new delivery',
  message: 'delivery replayed',
  params: deliveryParamsSchema,
  response: webhookDeliverySchema,
  errors: [conflict('the subscription is disabled', { error: 'SUBSCRIPTION_DISABLED' })],
});

const rotateSecret = defineRoute({
  ...hook,
  method: 'POST',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/rotate-secret',
  summary: 'New signing secret; the old one keeps signing for 24 h',
  message: 'signing secret rotated',
  params: subscriptionIdParamsSchema,
  body: rotateSecretBodySchema,
  response: rotatedSecretSchema,
});

const testEvent = defineRoute({
  ...hook,
  method: 'POST',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/test',
  summary: 'Send a webhook.test event now and report the attempt',
  message: 'test event sent',
  params: subscriptionIdParamsSchema,
  body: testEventBodySchema,
  response: testEventResultSchema,
});

const recover = defineRoute({
  ...hook,
  method: 'POST',
  path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/recover',
  summary: 'Re-send every delivery that failed since a time',
  message: 'deliveries recovered',
  params: subscriptionIdParamsSchema,
  body: recoverBodySchema,
  response: recoverResultSchema,
});

export const webhookRoutes = {
  eventTypes,
  getSettings,
  updateSettings,
  listSubscriptions,
  createSubscription,
  getSubscription,
  updateSubscription,
  deleteSubscription,
  listDeliveries,
  getDelivery,
  replayDelivery,
  rotateSecret,
  testEvent,
  recover,
};
