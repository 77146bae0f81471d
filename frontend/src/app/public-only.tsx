import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readSession } from '../lib/storage.ts';
import { decidePublicRoute } from './route-guard.ts';

/** Pages for visitors only; a live session is sent to its home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  // eslint-disable-next-line react-hooks/purity -- the guard decides against the clock on every render, by design
  const decision = decidePublicRoute(readSession(), Date.now());
  return decision.kind === 'redirect' ? <Navigate to={decision.to} replace /> : children;
}
