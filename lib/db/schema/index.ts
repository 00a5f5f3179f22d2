export * from './tenants';
export * from './organizations';
export * from './users';
export * from './categorization';
export * from './customers';
export * from './sessions';
export * from './events';
export * from './webhooks';
