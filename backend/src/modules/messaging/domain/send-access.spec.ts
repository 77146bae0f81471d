import { canCancelSend, mayCancelSend } from './send-access.js';

describe('who may cancel a send', () => {
  const admin = { userId: 7, role: 'admin' };
  const superadmin = { userId: 1, role: 'superadmin' };

  it('is its maker or a superadmin', () => {
    expect(mayCancelSend(admin, 7)).toBe(true);
    expect(mayCancelSend(admin, 8)).toBe(false);
    expect(mayCancelSend(admin, null)).toBe(false);
    expect(mayCancelSend(superadmin, 8)).toBe(true);
    expect(mayCancelSend(superadmin, null)).toBe(true);
  });

  it('is offered only before the send starts', () => {
    expect(canCancelSend(admin, { state: 'scheduled', createdById: 7 })).toBe(true);
    expect(canCancelSend(admin, { state: 'queued', createdById: 7 })).toBe(true);
    expect(canCancelSend(admin, { state: 'sending', createdById: 7 })).toBe(false);
    expect(canCancelSend(admin, { state: 'scheduled', createdById: 8 })).toBe(false);
  });
});
