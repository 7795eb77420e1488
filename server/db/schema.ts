// The one place that lists every table; drizzle-kit reads server/db/schema/*.ts directly.
export * from './schema/users';
export * from './schema/catalog';
export * from './schema/profiles';
