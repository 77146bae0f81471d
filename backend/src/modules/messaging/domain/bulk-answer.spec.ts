import { bulkAnswer, BULK_MESSAGES } from './bulk-answer.js';

const send = (state: string, sent: number, failed: number, unknown = 0, error: string | null = null) => ({
  id: 7,
  state,
  counts: { sent, failed, unknown },
  error,
});

describe('bulkAnswer', () => {
  it('counts what went out and what did not', () => {
    expect(bulkAnswer(send('completed', 3, 1), 'The gateway could not deliver to this number')).toEqual({
      success: true,
      data: { success_cnt: 3, error_cnt: 1 },
      message: BULK_MESSAGES.done,
      error: 'The gateway could not deliver to this number',
      sendId: 7,
    });
  });

  it("names the send's reason first, and says the spec's fallback when nobody got it and nothing says why", () => {
    expect(bulkAnswer(send('failed', 0, 2, 0, 'Wrong key (-101)'), 'other')).toMatchObject({
      success: false,
      error: 'Wrong key (-101)',
    });
    expect(bulkAnswer(send('completed', 0, 0, 2), null)).toMatchObject({
      success: false,
      error: 'Failed to send bulk SMS.',
    });
  });

  it('leaves a send that goes on without an error', () => {
    expect(bulkAnswer(send('sending', 0, 0), null)).toMatchObject({
      success: false,
      message: BULK_MESSAGES.continuing,
      error: null,
    });
  });
});
