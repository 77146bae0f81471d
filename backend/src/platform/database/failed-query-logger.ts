import { DefaultLogger, type LogContext, RequestContext } from '@mikro-orm/core';

const FAILED_QUERY = Symbol('failedQuery');

type ContextWithFailedQuery = RequestContext & { [FAILED_QUERY]?: string };

/**
 * Remembers the SQL of the last failed query of the current request, so that verbose error answers can show it
 * (the driver's exception no longer carries it).
 */
export class FailedQueryLogger extends DefaultLogger {
  override logQuery(context: { query: string } & LogContext): void {
    if (context.level === 'error') {
      const current = RequestContext.currentRequestContext() as ContextWithFailedQuery | undefined;
      if (current) current[FAILED_QUERY] = context.query;
    }
    super.logQuery(context);
  }
}

export function lastFailedQuery(): string | undefined {
  return (RequestContext.currentRequestContext() as ContextWithFailedQuery | undefined)?.[FAILED_QUERY];
}
