import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutreachEntry } from '../api/opt-outs.ts';
import { OutreachTimeline } from './outreach-timeline.tsx';

const entry = (fields: Partial<OutreachEntry>): OutreachEntry => ({
  channel: 'sms',
  id: 1,
  sendId: 1,
  postId: null,
  at: '2026-11-25T23:30:00.000Z',
  type: 'SMS',
  body: '안내',
  status: 'sent',
  detail: null,
  sentBy: '김민준',
  advertising: false,
  ...fields,
});

describe('the outreach timeline', () => {
  it('names a text by its delivery status and an e-mail by its log, in Korean time', () => {
    render(
      <OutreachTimeline
        entries={[
          entry({ id: 1 }),
          entry({ id: 2, channel: 'email', sendId: null, postId: 9, type: null, body: '프로필 전달' }),
          entry({ id: 3, status: 'failed', detail: 'The number is not in service (결번)' }),
        ]}
      />,
    );
    const [text, email, failed] = within(screen.getByRole('list', { name: 'Messages and e-mails sent' })).getAllByRole(
      'listitem',
    );
    expect(text.textContent).toContain('Sent, awaiting report');
    expect(text.textContent).toContain('2026-11-26 08:30');
    expect(email.textContent).toContain('Sent');
    expect(email.textContent).not.toContain('awaiting report');
    expect(failed.textContent).toContain('The number is not in service (결번)');
  });
});
