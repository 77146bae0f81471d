// Who may do what with a send. Pure.

/** The states in which a send has not started and can still be stopped. */
export const CANCELLABLE_SEND_STATES: readonly string[] = ['scheduled', 'queued'];

export interface SendViewer {
  userId: number;
  role: string;
}

/** A send is stopped by the staff member who made it, or by a superadmin. */
export function mayCancelSend(viewer: SendViewer, createdById: number | null): boolean {
  return viewer.role === 'superadmin' || (createdById !== null && createdById === viewer.userId);
}

/** Whether this viewer is offered to cancel this send: it has not started, and it is theirs to stop. */
export function canCancelSend(viewer: SendViewer, send: { state: string; createdById: number | null }): boolean {
  return CANCELLABLE_SEND_STATES.includes(send.state) && mayCancelSend(viewer, send.createdById);
}
