/** The injection token of the shared Redis client. */
export const REDIS = Symbol('REDIS');
