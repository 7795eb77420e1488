// The one place that lists every table; drizzle-kit reads server/db/schema/*.ts directly.
export * from './schema/accounts';
export * from './schema/agents';
export * from './schema/auth';
export * from './schema/catalog';
export * from './schema/clients';
export * from './schema/erasures';
export * from './schema/invitations';
export * from './schema/jobs';
export * from './schema/pipeline';
export * from './schema/profiles';
export * from './schema/registration';
export * from './schema/sessions';
export * from './schema/timeline';
export * from './schema/users';
