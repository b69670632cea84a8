/**
 * What every key and channel the instances share in Redis begins with, so the
 * dashboard's keys stand apart in a Redis others use too. A module of its own, without
 * the server-only guard, so the deployment test can name the keys it reads.
 */
export const KEY_PREFIX = "invoicing:";
